/** Whole dollars, as plans are priced ("$49"). */
export const usd = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  maximumFractionDigits: 0,
});
/** Dollars and cents, as an extra call is priced ("$0.15"). */
export const usdCents = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
