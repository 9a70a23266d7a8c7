import { describe, expect, it } from 'vitest';
import { languagePreloadFiles, type ChunkInfo } from '../../build/language-preload';

const chunk = (fileName: string, facadeModuleId: string | null, imports: string[] = []): ChunkInfo => ({
  fileName,
  facadeModuleId,
  imports,
});

const CHUNKS = [
  chunk('assets/index.js', '/app/apps/web/index.html', ['assets/react.js', 'assets/runtime.js']),
  chunk('assets/react.js', null),
  chunk('assets/runtime.js', null),
  chunk('assets/zh-CN.js', '/app/apps/web/src/locales/zh-CN.ts?start', ['assets/runtime.js']),
  // The rest of the messages loads after the first paint: not preloaded.
  chunk('assets/zh-CN-rest.js', '/app/apps/web/src/locales/zh-CN.ts?rest', ['assets/runtime.js']),
  chunk('assets/zh_CN.js', '/app/node_modules/antd/es/locale/zh_CN.js', ['assets/picker-zh_CN.js']),
  chunk('assets/picker-zh_CN.js', null),
  chunk('assets/zh-cn.js', '/app/node_modules/dayjs/locale/zh-cn.js', ['assets/react.js']),
  chunk('assets/en-US.js', '/app/apps/web/src/locales/en-US.ts'),
  chunk('assets/login-page.js', '/app/apps/web/src/features/auth/routes/login-page.tsx'),
];

describe('languagePreloadFiles (zh-CN pack preloaded beside the entry)', () => {
  it("lists the zh-CN pack and its imports, minus what the entry's own preloads hold", () => {
    expect(languagePreloadFiles(CHUNKS, 'assets/index.js').sort()).toEqual(
      // dayjs's locale and the rest of the messages load after the first paint.
      ['assets/picker-zh_CN.js', 'assets/zh-CN.js', 'assets/zh_CN.js'].sort(),
    );
  });

  it('stops the build when a pack module has no chunk of its own', () => {
    const withoutAntd = CHUNKS.filter((item) => item.fileName !== 'assets/zh_CN.js');
    expect(() => languagePreloadFiles(withoutAntd, 'assets/index.js')).toThrow(/zh_CN/);
  });
});
