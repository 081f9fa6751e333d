import { CODE_FINGERPRINT } from './code-fingerprint.js';
import { PACKAGE_MANIFEST, PACKAGE_ROOT } from './package-root.js';
import { gitCommit } from './util/git-commit.js';

/** quorum's version, from its package.json. */
export const QUORUM_VERSION: string = PACKAGE_MANIFEST.version;

/**
 * What runs and audits record as `codeVersion`: the package version plus the
 * first 12 hex digits of the fingerprint of the prompts, parsers, tools and
 * scorers (`0.1.0+3f9a…`). It changes whenever what models are sent or how
 * their replies are read changes, even when nobody bumps the package
 * version, and stays the same across changes that cannot alter a trace
 * (docs, tests, the viewer). The fingerprint is generated at build time
 * (scripts/code-fingerprint.ts), so start-up reads no source file.
 */
export const CODE_VERSION = `${QUORUM_VERSION}+${CODE_FINGERPRINT.sha256.slice(0, 12)}`;

let commit: { value: string | undefined } | undefined;

/**
 * The git commit of the checkout quorum runs from, when it runs from one
 * (recorded beside `codeVersion` as provenance; read once, lazily).
 */
export function codeGitCommit(): string | undefined {
  commit ??= { value: gitCommit(PACKAGE_ROOT) };
  return commit.value;
}
