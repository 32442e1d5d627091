import { DIMENSION_NAME_MAX, QUESTION_MAX } from "../../../contract/questionnaires";
import type { Messages } from "../../types";
import type zh from "../zh-CN/questionnaires";

const questionnaires: Messages<typeof zh> = {
  tab: "Questionnaires",
  dimensions: {
    title: "Questionnaire dimensions",
    add: "Add dimension",
    edit: "Edit",
    delete: "Delete",
    deleteConfirm: 'Delete the dimension "{name}"?',
    sort: "Sort {sort}",
    questionCount: "Questions: {count}",
    ipMark: "Intellectual property dimension",
    empty: "No dimensions",
  },
  questions: {
    title: "Questions of {name}",
    pick: "Select a dimension on the left",
    add: "Add question",
    sort: "Sort",
    question: "Question",
    isReq: "Required",
    yes: "Yes",
    no: "No",
    actions: "Actions",
    edit: "Edit",
    delete: "Delete",
    deleteConfirm: "Delete this question? This cannot be undone.",
  },
  form: {
    addDimension: "Add dimension",
    editDimension: "Edit dimension",
    addQuestion: "Add question",
    editQuestion: "Edit question",
    dimensionName: "Dimension name",
    dimensionNamePlaceholder: "Enter the dimension name",
    sort: "Sort",
    sortPlaceholder: "Smaller numbers come first",
    sortRequired: "Please enter the sort number",
    question: "Question",
    questionPlaceholder: "Enter the question",
    isReq: "Required",
    required: "Required",
    optional: "Optional",
  },
  done: { saved: "Saved", deleted: "Deleted" },
  validation: {
    dimensionNameRequired: "Please enter the dimension name",
    dimensionNameTooLong: `The dimension name cannot exceed ${DIMENSION_NAME_MAX} characters`,
    questionRequired: "Please enter the question",
    questionTooLong: `The question cannot exceed ${QUESTION_MAX} characters`,
    questionAnswered: "Companies have answered this question; it cannot be deleted",
    dimensionHasQuestions: "This dimension still has questions; it cannot be deleted",
  },
};

export default questionnaires;
