const controls = {
  editor: {
    placeholder: "请输入内容...",
    loading: "编辑器加载中...",
    imageRejected: "仅支持 {types} 格式、小于 {size} 的图片",
    imageUploadFailed: "图片上传失败",
  },
  upload: {
    button: "上传文件",
    tooLarge: "文件大小不能超过{size}!",
    wrongType: "只能上传 {types} 格式的文件!",
    tooMany: "最多只能上传 {max} 个文件",
    failed: "{name} 上传失败",
    fileLabel: "附件 {index}",
    stillSending: "文件仍在上传，请上传完成后再保存",
  },
  preview: {
    title: "图片预览",
    rotateLeft: "向左旋转",
    rotateRight: "向右旋转",
    zoomIn: "放大",
    zoomOut: "缩小",
    close: "关闭",
  },
  dialog: {
    cancel: "取消",
  },
  formModal: {
    save: "保存",
  },
  list: {
    loadFailed: "列表加载失败：{message}",
    total: "第 {from}-{to} 条/总共 {total} 条",
  },
  lazyImage: {
    loading: "图片加载中",
  },
} as const;

export default controls;
