const shell = {
} as const;

export default shell;
