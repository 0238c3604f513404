import type { MessageTable } from '../../i18n/catalogue.ts';

/** Texts of the dictionary module (Chinese and English); registered by its index.ts. */
export const dictionaryMessages = {
  // Dictionary (wordbook).
  'dict.codeTaken': { zh: '字典编码已存在', en: 'This dictionary code is already used' },
  'dict.itemCodeTaken': { zh: '字典项编码已存在', en: 'This item code is already used in the dictionary' },
  'dict.notFound': { zh: '字典不存在', en: 'The dictionary does not exist' },
  'dict.itemNotFound': { zh: '字典项不存在', en: 'The dictionary item does not exist' },
  'dict.import.notXlsx': { zh: '请上传Excel（.xlsx）文件', en: 'Please upload an Excel (.xlsx) file' },
  'dict.import.noSheet': { zh: '文件中没有工作表', en: 'The file has no worksheet' },
  'dict.import.header': { zh: '表头与模板不一致，请下载模板后填写', en: 'The header row does not match the template; please download the template' },
  'dict.import.empty': { zh: '文件中没有数据行', en: 'The file has no data rows' },
  'dict.import.tooManyRows': { zh: '一次最多导入{max}行', en: 'At most {max} rows can be imported at once' },
  'dict.import.rowErrors': {
    zh: '导入失败，共{count}处错误，未导入任何数据。第{row}行「{column}」：{message}',
    en: 'Import failed with {count} errors; nothing was imported. Row {row}, "{column}": {message}',
  },
  'dict.import.rowErrors_one': {
    zh: '导入失败，共{count}处错误，未导入任何数据。第{row}行「{column}」：{message}',
    en: 'Import failed with {count} error; nothing was imported. Row {row}, "{column}": {message}',
  },
  'dict.import.required': { zh: '不能为空', en: 'is required' },
  'dict.import.tooLong': { zh: '不能超过{max}个字符', en: 'must be at most {max} characters' },
  'dict.import.duplicate': { zh: '与第{other}行编码重复', en: 'repeats the code of row {other}' },
  'dict.import.codeInvalid': { zh: '只能包含文字、数字和 _ - . :', en: 'may hold only letters, digits and _ - . :' },
  'dict.import.notInteger': { zh: '必须是整数', en: 'must be a whole number' },
  'dict.import.notBoolean': { zh: '只能填写“是”或“否”', en: 'must be “yes” or “no”' },
  'dict.import.done': { zh: '导入成功：新增{created}条，更新{updated}条', en: 'Imported: {created} added, {updated} updated' },
  'dict.template.code': { zh: '编码', en: 'Code' },
  'dict.template.label': { zh: '名称', en: 'Name' },
  'dict.template.labelEn': { zh: '英文名称', en: 'English name' },
  'dict.template.sort': { zh: '排序', en: 'Sort' },
  'dict.template.enabled': { zh: '启用', en: 'Enabled' },
  'dict.template.remark': { zh: '备注', en: 'Remark' },
  'dict.template.sheet': { zh: '字典项', en: 'Items' },
  'dict.template.yes': { zh: '是', en: 'yes' },
  'dict.template.no': { zh: '否', en: 'no' },
  'dict.template.unknown': { zh: '模板不存在', en: 'No such template' },
} as const satisfies MessageTable;

declare module '../../i18n/catalogue.ts' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface ModuleMessages extends Record<keyof typeof dictionaryMessages, true> {}
}
