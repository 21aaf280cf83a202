-- The request counters of the rate limits are written several times a second by every busy API key and are
-- worthless after a crash (a window lasts a minute). As an ordinary table each write waited for the WAL to
-- reach the disk, and a slow flush held back every request of the key waiting for its next lease. Unlogged:
-- no WAL, no flush; after a crash the table starts empty, which only forgets the current windows.
ALTER TABLE "rate_limits" SET UNLOGGED;
