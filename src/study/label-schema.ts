import { z } from 'zod';

/** Labels name runs, files, CSV rows and hypotheses: letters, digits, `.`, `_`, `-`. */
export const labelSchema = z.string().regex(/^[A-Za-z0-9][A-Za-z0-9._-]*$/, 'use letters, digits, ".", "_" and "-" (starting with a letter or digit)');
