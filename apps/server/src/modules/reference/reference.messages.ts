import { defineMessages } from '../../lib/messages.ts';

/** Messages of the reference-data endpoints. */
export const referenceMessages = defineMessages({
  'reference.provinceNotFound': {
    'zh-CN': '未找到省份：{name}',
    'en-US': 'No province is called {name}',
    'zh-TW': '找不到省份：{name}',
  },
  'reference.cityNotFound': {
    'zh-CN': '未找到城市：{name}',
    'en-US': 'No city is called {name}',
    'zh-TW': '找不到城市：{name}',
  },
  'reference.dictionaryNotFound': {
    'zh-CN': '字典类型不存在：{typeCode}',
    'en-US': 'Unknown dictionary type: {typeCode}',
    'zh-TW': '字典類型不存在：{typeCode}',
  },
});
