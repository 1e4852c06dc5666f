// Imported first by scripts/start.mjs: React and React Router choose their development or production build when
// first loaded, by NODE_ENV, and the development build renders pages several times slower. The shop serves in
// production unless told otherwise.

/**
 * Whether whoever started the shop said so themselves (a deployment, such as the Docker image): then it serves the
 * build it was given and never builds one (issue 26).
 */
export const deployed = process.env.NODE_ENV === "production";
process.env.NODE_ENV ??= "production";
