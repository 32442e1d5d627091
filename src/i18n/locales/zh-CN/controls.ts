const controls = {
} as const;

export default controls;
