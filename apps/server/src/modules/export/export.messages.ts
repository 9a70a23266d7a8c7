import { EXPORT_TASK_MESSAGES } from '@portal/contracts/export-task';
import { defineMessages } from '../../lib/messages.ts';

/** Validation texts shared with the web app (from the contract), then the server's own export and file texts. */
defineMessages(EXPORT_TASK_MESSAGES);

export const exportMessages = defineMessages({
  'exportTask.created': {
    'zh-CN': '导出任务已创建，完成后可在文件管理中下载',
    'en-US': 'The export has started; download it from File management when it is ready',
    'zh-TW': '匯出任務已建立，完成後可在檔案管理中下載',
  },
  'exportTask.busy': {
    'zh-CN': '已有 {count} 个导出任务正在进行，请等待完成后再创建',
    'en-US': '{count} exports are already in progress; please wait for one to finish',
    'zh-TW': '已有 {count} 個匯出任務正在進行，請等待完成後再建立',
  },
  'exportTask.kindUnavailable': {
    'zh-CN': '此类导出暂不可用',
    'en-US': 'This export is not available yet',
    'zh-TW': '此類匯出暫不可用',
  },
  'exportTask.idInvalid': {
    'zh-CN': '所选订单编号无效',
    'en-US': 'A selected order id is not valid',
    'zh-TW': '所選訂單編號無效',
  },
  'exportTask.failed': {
    'zh-CN': '导出失败，请稍后重试；如仍失败请联系客服',
    'en-US': 'The export failed; please try again later, or contact customer service if it keeps failing',
    'zh-TW': '匯出失敗，請稍後重試；如仍失敗請聯絡客服',
  },
  'exportTask.fileGone': {
    'zh-CN': '文件不存在或已过期，请重新导出',
    'en-US': 'The file does not exist or has expired; please export again',
    'zh-TW': '檔案不存在或已過期，請重新匯出',
  },
  'exportTask.fileName': {
    'zh-CN': '{title}导出-{stamp}',
    'en-US': '{title}-export-{stamp}',
    'zh-TW': '{title}匯出-{stamp}',
  },
  'file.deleted': {
    'zh-CN': '已删除 {count} 个文件',
    'en-US': '{count} file(s) deleted',
    'zh-TW': '已刪除 {count} 個檔案',
  },
});
