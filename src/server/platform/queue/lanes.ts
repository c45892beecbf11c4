export type Lane = 'codes' | 'work';
export const laneOf = (kind: string): Lane => (kind.startsWith('code.') ? 'codes' : 'work');
