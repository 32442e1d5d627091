const archive = {
  form: {
    back: "返回",
    serviceContent: "服务记录",
    textCount: "{count} / {max}",
  },
} as const;

export default archive;
