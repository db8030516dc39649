-- drizzle-kit does not emit extensions; pgvector backs the optional embeddings index.
CREATE EXTENSION IF NOT EXISTS vector;
