/** Types of decodedSize.mjs (plain JS, shared with the worker files). */
export declare const PDF_DECODED_CAP: number;
export declare const DECODED_OVER_CAP: string;
export declare function decodedSize(bytes: Uint8Array, cap: number): Promise<{ total: number; over: boolean; encrypted: boolean }>;
