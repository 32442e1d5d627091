import { QuestionnaireMessages } from "../../../contract/questionnaires";

/** Questionnaire administration (/userCenter/userManage, tab "dimensions"): dimensions and their questions. */
const questionnaires = {
  tab: "问卷维度",
  dimensions: {
    title: "问卷维度",
    add: "新增维度",
    edit: "编辑",
    delete: "删除",
    deleteConfirm: "删除维度「{name}」？",
    sort: "排序 {sort}",
    questionCount: "{count} 个问题",
    ipMark: "知识产权维度",
    empty: "暂无维度",
  },
  questions: {
    title: "{name} 的问题",
    pick: "请在左侧选择一个维度",
    add: "新增问题",
    sort: "排序",
    question: "问题",
    isReq: "必答",
    yes: "是",
    no: "否",
    actions: "操作",
    edit: "编辑",
    delete: "删除",
    deleteConfirm: "删除该问题？此操作不可恢复。",
  },
  form: {
    addDimension: "新增维度",
    editDimension: "编辑维度",
    addQuestion: "新增问题",
    editQuestion: "编辑问题",
    dimensionName: "维度名称",
    dimensionNamePlaceholder: "请输入维度名称",
    sort: "排序",
    sortPlaceholder: "数字小的在前",
    sortRequired: "请输入排序",
    question: "问题内容",
    questionPlaceholder: "请输入问题内容",
    isReq: "是否必答",
    required: "必答",
    optional: "选答",
  },
  done: { saved: "保存成功", deleted: "删除成功" },
  /** The messages the server answers too (contract/questionnaires.ts). */
  validation: QuestionnaireMessages,
} as const;

export default questionnaires;
