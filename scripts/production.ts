// Imported first by scripts/start.ts: React and React Router choose their development or production build when
// first loaded, by NODE_ENV, and the development build renders pages several times slower. The shop serves in
// production unless told otherwise.
process.env.NODE_ENV ??= "production";
