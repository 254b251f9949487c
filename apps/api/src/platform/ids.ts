import { v7 as uuidv7 } from 'uuid';

export const newId = (): string => uuidv7();
