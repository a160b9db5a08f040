export const SERVER_NODE_FLAGS: readonly string[];
export const START_COMMAND: readonly string[];
