import type { Messages } from "../../types";
import type zh from "../zh-CN/controls";

const controls: Messages<typeof zh> = {
  editor: {
    placeholder: "Please enter content...",
    loading: "Loading the editor...",
    imageRejected: "Only {types} images smaller than {size} are accepted",
    imageUploadFailed: "Image upload failed",
  },
  upload: {
    button: "Upload file",
    tooLarge: "File size cannot exceed {size}!",
    wrongType: "Only {types} files can be uploaded!",
    tooMany: "At most {max} files can be uploaded",
    failed: "Uploading {name} failed",
    fileLabel: "Attachment {index}",
    stillSending: "The file is still uploading: save again once it is in",
  },
  preview: {
    title: "Image preview",
    rotateLeft: "Rotate left",
    rotateRight: "Rotate right",
    zoomIn: "Zoom in",
    zoomOut: "Zoom out",
    close: "Close",
  },
  dialog: {
    cancel: "Cancel",
  },
  formModal: {
    save: "Save",
  },
  list: {
    loadFailed: "The list could not be loaded: {message}",
    total: "{from}-{to} of {total}",
  },
  lazyImage: {
    loading: "Loading image",
  },
};

export default controls;
