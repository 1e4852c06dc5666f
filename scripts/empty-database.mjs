// Part of `npm run build`: a new, empty PGlite database folder, packed. A shop's first start unpacks it instead of
// running initdb, which takes about 300 MB more at its height than the shop itself (issue 26, decision 065).
import { renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";

const file = path.resolve(import.meta.dirname, "..", "build", "empty-database.tar.gz");
const pg = await PGlite.create();
const packed = await pg.dumpDataDir("gzip");
await pg.close();
// Whole or not at all, under a name of this process's own: a shop starting beside the build, or a second build at the
// same time, never sees half a file.
const partial = `${file}.${process.pid}.partial`;
writeFileSync(partial, Buffer.from(await packed.arrayBuffer()));
renameSync(partial, file);
