/** Texts of the content area; merged into the one catalogue by server/i18n/catalogue.ts. */
export const contentMessages = {
  // Uploads (server/lib/upload.ts).
  'upload.missing': { zh: '请选择要上传的文件', en: 'Please choose a file to upload' },
  'upload.empty': { zh: '文件为空', en: 'The file is empty' },
  'upload.tooLarge': { zh: '文件大小超出限制（最大{max}MB）', en: 'The file is too large (at most {max} MB)' },
  'upload.unsafeArchive': {
    zh: '文件结构异常（解压后过大或压缩比异常），已拒绝',
    en: 'The file was refused: it would unpack to too much data or is compressed suspiciously',
  },
  'upload.typeNotAllowed': { zh: '文件类型不允许，仅支持：{allowed}', en: 'This file type is not allowed; accepted: {allowed}' },

  // Projects.
  'project.nameRequired': { zh: '请填写项目名称', en: 'Please enter the project name' },
  'project.codeTaken': { zh: '项目编号已存在', en: 'This project code is already used' },
  'project.notFound': { zh: '项目不存在', en: 'The project does not exist' },
  'project.datesOrder': { zh: '结束日期不能早于开始日期', en: 'The end date cannot be before the start date' },
  'project.memberUserInvalid': { zh: '请选择在职员工作为项目成员', en: 'Please choose an active staff member as project member' },
  'project.memberNotFound': { zh: '项目成员不存在', en: 'The project member does not exist' },
  'project.timelineNotFound': { zh: '时间线记录不存在', en: 'The timeline entry does not exist' },
  'project.fileNotFound': { zh: '文件不存在', en: 'The file does not exist' },
  'project.deleted': { zh: '删除成功', en: 'Deleted' },

  // Letters and notices.
  'letter.recipientsRequired': { zh: '请选择收件人', en: 'Please choose the recipients' },
  'letter.recipientInvalid': { zh: '收件人不存在或不可选择', en: 'A recipient does not exist or cannot be chosen' },
  'letter.titleRequired': { zh: '请填写标题', en: 'Please enter a title' },
  'letter.contentRequired': { zh: '请输入内容。', en: 'Please enter the content.' },
  'letter.contentTooLong': { zh: '内容不能超过{max}个字符', en: 'The content must be at most {max} characters' },
  'letter.notFound': { zh: '站内信不存在', en: 'The letter does not exist' },
  'notice.notFound': { zh: '通知不存在', en: 'The notice does not exist' },

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
} as const satisfies Record<string, { zh: string; en: string }>;
