-- A pair's bookings in one probe (a conversation row's booking state, whether contact details show), not two
-- scans of the sides' indexes ANDed together: a guide with thousands of bookings no longer reads them all per row.
CREATE INDEX "bookings_pair_idx" ON "bookings" USING btree ("tourist_id","guide_id");