export { FileUpload, useUploadGuard, type FileUploadProps } from "./FileUpload";
export { checkFile, formatBytes, type FileRejection, type FileRules } from "./fileRules";
export { uploadFile, UploadError, type AuthHeaders, type UploadedFile, type UploadOptions, type UploadTask } from "./uploadFile";
