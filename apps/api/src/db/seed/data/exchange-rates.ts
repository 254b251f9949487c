/**
 * Decision 0059: fixed demo exchange rates, as units of each currency one US dollar buys, dated. They are rounded
 * market rates of late 2026 for the demo and the tests; a deployment adds its own rows to `exchange_rates` (newer
 * dates win), and the directory shows which rate it used through the converted "≈" price.
 */
export const demoExchangeRates: {
  date: string;
  rates: ReadonlyArray<readonly [currencyCode: string, perUsd: string]>;
} = {
  date: '2026-01-01',
  rates: [
    ['USD', '1'],
    ['EUR', '0.92'],
    ['GBP', '0.79'],
    ['NGN', '1550'],
  ],
};
