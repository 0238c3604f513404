-- CreateTable
CREATE TABLE "archive_modules" (
    "id" SERIAL NOT NULL,
    "parent_id" INTEGER,
    "code" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "name_en" TEXT NOT NULL,
    "sort" INTEGER NOT NULL DEFAULT 0,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "archive_modules_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "role_archive_modules" (
    "role_id" INTEGER NOT NULL,
    "module_id" INTEGER NOT NULL,
    "archive_filed" BOOLEAN NOT NULL,
    "can_read" BOOLEAN NOT NULL DEFAULT false,
    "can_edit" BOOLEAN NOT NULL DEFAULT false,

    CONSTRAINT "role_archive_modules_pkey" PRIMARY KEY ("role_id","module_id","archive_filed")
);

-- CreateIndex
CREATE UNIQUE INDEX "archive_modules_code_key" ON "archive_modules"("code");

-- CreateIndex
CREATE INDEX "archive_modules_parent_id_idx" ON "archive_modules"("parent_id");

-- CreateIndex
CREATE INDEX "role_archive_modules_module_id_idx" ON "role_archive_modules"("module_id");

-- AddForeignKey
ALTER TABLE "archive_modules" ADD CONSTRAINT "archive_modules_parent_id_fkey" FOREIGN KEY ("parent_id") REFERENCES "archive_modules"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "role_archive_modules" ADD CONSTRAINT "role_archive_modules_role_id_fkey" FOREIGN KEY ("role_id") REFERENCES "roles"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "role_archive_modules" ADD CONSTRAINT "role_archive_modules_module_id_fkey" FOREIGN KEY ("module_id") REFERENCES "archive_modules"("id") ON DELETE CASCADE ON UPDATE CASCADE;
