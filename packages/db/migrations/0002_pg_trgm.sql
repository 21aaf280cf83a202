-- Trigram indexes make substring search fast (contacts and call history).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
