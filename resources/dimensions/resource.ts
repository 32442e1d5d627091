import { MenuCode } from "../../contract/menus";
import { post } from "../../providers/endpoints";
import { declareResource } from "../declareResource";

/** Questionnaire administration (a user-management tab); a delete's key goes as explicit variables ({ serviceNo }). */
export const dimensions = declareResource({
  name: "dimensions",
  label: "questionnaires.dimensions.title",
  menuCode: MenuCode.ADMIN_DIMENSIONS,
  calls: {
    list: post("/api/archives/dimension/list"),
    create: post("/api/archives/dimension/save"),
    update: post("/api/archives/dimension/save"),
    delete: post("/api/archives/dimension/delete"),
  },
});

/** A dimension's questions: the list takes its dimension as `serviceNo` at the body's root; a delete sends { questionNo }. */
export const questions = declareResource({
  name: "questions",
  label: "questionnaires.form.question",
  menuCode: MenuCode.ADMIN_DIMENSIONS,
  calls: {
    list: post("/api/archives/question/list", { filtersAtRoot: true }),
    create: post("/api/archives/question/save"),
    update: post("/api/archives/question/save"),
    delete: post("/api/archives/question/delete"),
  },
});
