import { z } from 'zod';

export const ZOptionItem = z.object({ id: z.number().int(), text: z.string() });
export type OptionItemDto = z.infer<typeof ZOptionItem>;
export const ZOptionList = z.array(ZOptionItem);
export const ZSecurityQuestion = z.object({ value: z.string(), label: z.string() });
export const ZSecurityQuestionList = z.array(ZSecurityQuestion);
export const ZAllOptions = z.record(z.string(), ZOptionList);
