// Compile the site's wheels to bytecode with the browser's own Python (Pyodide in Node.js),
// so the bytecode is the very version the pages run (tools/site/compile_wheels.py says why).
//
//   node tools/site/precompile.mjs <pyodide folder> <wheels in> <wheels out> [<kept source> ...]
//
// Every wheel of <wheels in> is written, compiled, to <wheels out>; a wheel whose file name
// starts with one of the <kept source> prefixes keeps its sources beside the bytecode.
// Prints one line per wheel: "<in name> <out name>".
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const [pyodideDir, inDir, outDir, ...keep] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(path.join(pyodideDir, "pyodide.mjs")).href);
const py = await loadPyodide({ indexURL: pyodideDir + path.sep });
py.FS.mkdirTree("/in");
py.FS.mkdirTree("/out");
py.FS.mount(py.FS.filesystems.NODEFS, { root: path.resolve(inDir) }, "/in");
py.FS.mount(py.FS.filesystems.NODEFS, { root: path.resolve(outDir) }, "/out");
const here = path.dirname(new URL(import.meta.url).pathname);
py.runPython(fs.readFileSync(path.join(here, "compile_wheels.py"), "utf8"));
py.globals.set("keep_prefixes", py.toPy(keep));
py.runPython(`
import os
for name in sorted(os.listdir("/in")):
    if name.endswith(".whl"):
        keep = any(name.startswith(prefix) for prefix in keep_prefixes)
        print(name, compile_wheel("/in/" + name, "/out", keep))
`);
