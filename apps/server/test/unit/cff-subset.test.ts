import { create, type Font } from 'fontkit';
import PDFDocument from 'pdfkit';
import { describe, expect, it } from 'vitest';
import {
  compactSubroutinesOfSubsets,
  encodeCharstringInteger,
  subroutineBias,
} from '../../src/lib/cff-subset.ts';
import { fontFile, PDF_FONT_FILES } from '../../src/lib/pdf-fonts.ts';
import { renderPages } from '../support/pdf-scan.ts';

// Text as labels and statements carry it: Chinese names and addresses, Latin, digits, punctuation.
const TEXT = [
  '寄件人 张三 深圳市演示科技有限公司 广东省 深圳市 南山区 科技园南区 1 栋 101 室',
  '收件人 王小明 北京市朝阳区建国路 88 号 电话 13800138000 重量 1.2 千克 件数 1/1',
  '內容 T恤 ×2 杯子 ×1 鞋 书籍 电子产品 化妆品 美国专线（包税）英国专线 运单号 参考号 签收',
  'Jane Doe, 350 Fifth Avenue, New York, NY 10001 — +1 (555) 123-4567 · ABCDEFGHIJKLMNOPQRSTUVWXYZ',
  '账单 对账单 充值 余额 冻结 欠费 预估费用 实际费用 燃油附加费 偏远地区附加费 保险费 签名服务',
];

/** A PDF of TEXT in both faces, with the given fonts (parsed fontkit faces). */
function documentWith(regular: Font, bold: Font): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: [420, 300], margin: 10 });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.registerFont('regular', regular as never);
    doc.registerFont('bold', bold as never);
    for (const [i, line] of TEXT.entries()) {
      doc
        .font('regular')
        .fontSize(11)
        .text(line, 10, 10 + i * 52, { width: 400 });
      doc
        .font('bold')
        .fontSize(13)
        .text(line.slice(0, 30), 10, 36 + i * 52, { width: 400 });
    }
    doc.end();
  });
}

const parsed = (name: string) => create(fontFile(name)) as Font;

describe('font subsets with only the subroutines they use', () => {
  it('encodes call numbers as Type 2 integers, and biases them as the spec says', () => {
    expect(encodeCharstringInteger(0)).toEqual([139]);
    expect(encodeCharstringInteger(107)).toEqual([246]);
    expect(encodeCharstringInteger(-107)).toEqual([32]);
    expect(encodeCharstringInteger(108)).toEqual([247, 0]);
    expect(encodeCharstringInteger(1131)).toEqual([250, 255]);
    expect(encodeCharstringInteger(-108)).toEqual([251, 0]);
    expect(encodeCharstringInteger(-1131)).toEqual([254, 255]);
    expect(encodeCharstringInteger(1132)).toEqual([28, 4, 108]);
    expect(encodeCharstringInteger(-32768)).toEqual([28, 128, 0]);
    expect([subroutineBias(0), subroutineBias(1239), subroutineBias(1240)]).toEqual([107, 107, 1131]);
    expect([subroutineBias(33899), subroutineBias(33900)]).toEqual([1131, 32768]);
  });

  it('prints every glyph exactly as the full subset does, in a fraction of the bytes', async () => {
    const stock = await documentWith(parsed(PDF_FONT_FILES.regular), parsed(PDF_FONT_FILES.bold));
    const compact = await documentWith(
      compactSubroutinesOfSubsets(parsed(PDF_FONT_FILES.regular)),
      compactSubroutinesOfSubsets(parsed(PDF_FONT_FILES.bold)),
    );
    // The full subsets carry every subroutine index of the 22,293 in the Hanzi dictionary, per face.
    expect(compact.length).toBeLessThan(stock.length / 3);
    const [stockPage] = renderPages(stock, 300);
    const [compactPage] = renderPages(compact, 300);
    expect(compactPage!.width).toBe(stockPage!.width);
    const inked = stockPage!.gray.filter((value) => value < 128).length;
    expect(inked).toBeGreaterThan(10_000);
    let differing = 0;
    for (let i = 0; i < stockPage!.gray.length; i++)
      if (stockPage!.gray[i] !== compactPage!.gray[i]) differing++;
    expect(differing).toBe(0);
  });
});
