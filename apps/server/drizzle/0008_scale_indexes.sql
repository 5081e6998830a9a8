-- Scale (issue 17, decision 0016). The support console lists all incidents newest first;
-- every instance's retention sweep drops finished outbox messages by age. Without these
-- both read the whole table.
CREATE INDEX "incidents_created_idx" ON "incidents" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "outbox_created_idx" ON "outbox" USING btree ("created_at");
