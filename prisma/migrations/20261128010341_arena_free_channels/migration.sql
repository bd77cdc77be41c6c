-- CreateTable
CREATE TABLE "arena_channels" (
    "name" TEXT NOT NULL PRIMARY KEY,
    "message_count" INTEGER NOT NULL DEFAULT 0,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "last_message_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- CreateTable
CREATE TABLE "arena_channel_messages" (
    "channel" TEXT NOT NULL,
    "idx" INTEGER NOT NULL,
    "sender" TEXT NOT NULL,
    "recipient" TEXT,
    "content" TEXT NOT NULL,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,

    PRIMARY KEY ("channel", "idx"),
    CONSTRAINT "arena_channel_messages_channel_fkey" FOREIGN KEY ("channel") REFERENCES "arena_channels" ("name") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE INDEX "arena_channels_last_message_at_idx" ON "arena_channels"("last_message_at");
