import { defineMessages } from '../../lib/messages.ts';

defineMessages({
  'dataScope.wholeCompanyOnly': {
    'zh-CN': '此功能涉及全公司的资金数据，需要“全公司”数据范围的角色',
    'en-US': "This covers the whole company's money and needs a role with the whole-company data scope",
    'zh-TW': '此功能涉及全公司的資金資料，需要「全公司」資料範圍的角色',
  },
});
