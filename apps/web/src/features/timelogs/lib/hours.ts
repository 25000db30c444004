import { roundHours } from '@atrium/contracts';
import { formatNumber } from '@/shared/format/number';

/** Hours as the UI language writes them, rounded to two decimals ('7.5', '7,5'; '8', '0.25'). */
export const showHours = (value: number, language: string) => formatNumber(roundHours(value), language);
