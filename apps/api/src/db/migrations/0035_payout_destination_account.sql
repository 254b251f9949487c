-- Issue 46: the earnings page says where payouts go, by the bank's name and the account's last four digits, as the
-- provider's bank-details page shows them (a bank-file recipient holds no bank name). Columns are only appended, so
-- the weekly payout's reads of the view are unchanged.
CREATE OR REPLACE VIEW payout_destinations AS
  SELECT provider_id, recipient_id, currency_code, bank_name, account_number_last4
  FROM bank_details WHERE recipient_id IS NOT NULL;
