import { CUSTOMER_INFO_MESSAGES } from '@portal/contracts/customer-info';
import { defineMessages } from '../../lib/messages.ts';

/** Field errors of the profile and certification forms: the contract's texts (the web shows them too). */
defineMessages(CUSTOMER_INFO_MESSAGES);

defineMessages({
  'customerInfo.profileSaved': { 'zh-CN': '资料已保存', 'en-US': 'Profile saved', 'zh-TW': '資料已儲存' },
  'customerInfo.image.uploaded': {
    'zh-CN': '图片已上传',
    'en-US': 'Picture uploaded',
    'zh-TW': '圖片已上傳',
  },
  'customerInfo.image.noFile': {
    'zh-CN': '请选择要上传的图片',
    'en-US': 'Please choose a picture to upload',
    'zh-TW': '請選擇要上傳的圖片',
  },
  'customerInfo.image.malformed': {
    'zh-CN': '上传内容不完整或格式有误，请重新选择图片上传',
    'en-US': 'The upload was incomplete or malformed; please choose the picture again',
    'zh-TW': '上傳內容不完整或格式有誤，請重新選擇圖片上傳',
  },
  'customerInfo.image.empty': {
    'zh-CN': '图片是空文件',
    'en-US': 'The picture is an empty file',
    'zh-TW': '圖片是空檔案',
  },
  'customerInfo.image.tooLarge': {
    'zh-CN': '图片不能超过 {megabytes} MB',
    'en-US': 'The picture must be at most {megabytes} MB',
    'zh-TW': '圖片不能超過 {megabytes} MB',
  },
  'customerInfo.image.type': {
    'zh-CN': '只能上传 PNG、JPEG 或 WebP 图片（按文件内容判断，与文件名无关）',
    'en-US': 'Only PNG, JPEG or WebP pictures can be uploaded (judged by the content, not the file name)',
    'zh-TW': '只能上傳 PNG、JPEG 或 WebP 圖片（依檔案內容判斷，與檔名無關）',
  },
  'customerInfo.image.dimensions': {
    'zh-CN': '图片尺寸过大：每边最多 {maxSide} 像素，总共最多 {megapixels} 百万像素',
    'en-US': 'The picture is too big: at most {maxSide} pixels a side and {megapixels} megapixels in all',
    'zh-TW': '圖片尺寸過大：每邊最多 {maxSide} 像素，總共最多 {megapixels} 百萬像素',
  },
  'customerInfo.image.corrupt': {
    'zh-CN': '图片已损坏或无法读取，请换一张图片',
    'en-US': 'The picture is damaged or cannot be read; please use another one',
    'zh-TW': '圖片已損壞或無法讀取，請換一張圖片',
  },
  'customerInfo.image.none': {
    'zh-CN': '尚未上传该图片',
    'en-US': 'This picture has not been uploaded',
    'zh-TW': '尚未上傳該圖片',
  },
  'customerInfo.certification.submitted': {
    'zh-CN': '认证资料已提交，请等待审核',
    'en-US': 'Certification submitted; it will be reviewed',
    'zh-TW': '認證資料已提交，請等待審核',
  },
  'customerInfo.certification.underReview': {
    'zh-CN': '认证资料正在审核中，审核完成前不能修改',
    'en-US': 'The certification is under review and cannot be changed until it is decided',
    'zh-TW': '認證資料正在審核中，審核完成前不能修改',
  },
  'customerInfo.certification.alreadyVerified': {
    'zh-CN': '企业已通过认证，不能再修改认证资料',
    'en-US': 'The company is already certified; its certification cannot be changed',
    'zh-TW': '企業已通過認證，不能再修改認證資料',
  },
  'customerInfo.certification.photosMissing': {
    'zh-CN': '请先上传营业执照及身份证正反面照片（还缺 {count} 张）',
    'en-US': 'Please upload the business license and both sides of the ID card first ({count} missing)',
    'zh-TW': '請先上傳營業執照及身分證正反面照片（還缺 {count} 張）',
  },
  'customerInfo.certification.notPending': {
    'zh-CN': '客户 {customerCode} 没有待审核的认证',
    'en-US': 'Customer {customerCode} has no certification waiting for a decision',
    'zh-TW': '客戶 {customerCode} 沒有待審核的認證',
  },
  'customerInfo.certification.customerNotFound': {
    'zh-CN': '客户 {customerCode} 不存在',
    'en-US': 'Customer {customerCode} does not exist',
    'zh-TW': '客戶 {customerCode} 不存在',
  },
  'customerInfo.certification.approved': {
    'zh-CN': '已通过客户 {customerCode} 的认证',
    'en-US': "Customer {customerCode}'s certification approved",
    'zh-TW': '已通過客戶 {customerCode} 的認證',
  },
  'customerInfo.certification.rejected': {
    'zh-CN': '已驳回客户 {customerCode} 的认证',
    'en-US': "Customer {customerCode}'s certification rejected",
    'zh-TW': '已駁回客戶 {customerCode} 的認證',
  },
  'customerInfo.certification.noneWaiting': {
    'zh-CN': '没有待审核的认证',
    'en-US': 'No certification is waiting for a decision',
    'zh-TW': '沒有待審核的認證',
  },
  'customerInfo.certification.customerCodeInvalid': {
    'zh-CN': '客户编号格式不正确',
    'en-US': 'The customer code is not valid',
    'zh-TW': '客戶編號格式不正確',
  },
});
