/** See prune-foreign-binaries.mjs: removes `bin/<napi>/<platform>/<arch>` folders other than `platform`/`arch`; returns them relative to the package. */
export function pruneForeignBinaries(packageDir: string, platform: string, arch: string): string[];
