-- CreateTable
CREATE TABLE "arena_channels" (
    "name" TEXT NOT NULL,
    "message_count" INTEGER NOT NULL DEFAULT 0,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "last_message_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "arena_channels_pkey" PRIMARY KEY ("name")
);

-- CreateTable
CREATE TABLE "arena_channel_messages" (
    "channel" TEXT NOT NULL,
    "idx" INTEGER NOT NULL,
    "sender" TEXT NOT NULL,
    "recipient" TEXT,
    "content" TEXT NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "arena_channel_messages_pkey" PRIMARY KEY ("channel","idx")
);

-- CreateIndex
CREATE INDEX "arena_channels_last_message_at_idx" ON "arena_channels"("last_message_at");

-- AddForeignKey
ALTER TABLE "arena_channel_messages" ADD CONSTRAINT "arena_channel_messages_channel_fkey" FOREIGN KEY ("channel") REFERENCES "arena_channels"("name") ON DELETE CASCADE ON UPDATE CASCADE;
