import app from "./app";
import server from "./server";

export default { ...app, server };
