/** Where the API lives on the portal's origin (spec §7); every call's path is under it. Plain data. */
export const API_PREFIX = '/api/v1';
