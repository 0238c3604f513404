-- CreateTable
CREATE TABLE "archives" (
    "id" SERIAL NOT NULL,
    "student_id" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "user_name" TEXT,
    "consultant_id" INTEGER,
    "acting_consultant_id" INTEGER,
    "sales_id" INTEGER,
    "parent_id" INTEGER,
    "grade" INTEGER,
    "year" INTEGER,
    "status" INTEGER NOT NULL DEFAULT 1,
    "locked" BOOLEAN NOT NULL DEFAULT false,
    "applying_status" INTEGER NOT NULL DEFAULT 1,
    "sale" INTEGER NOT NULL DEFAULT 1,
    "remark" TEXT,
    "created_by_id" INTEGER,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "deleted_at" TIMESTAMPTZ(3),

    CONSTRAINT "archives_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "archive_bios" (
    "id" SERIAL NOT NULL,
    "archive_id" INTEGER NOT NULL,
    "sur_name" TEXT,
    "sur_name_py" TEXT,
    "name" TEXT,
    "name_py" TEXT,
    "en_name" TEXT,
    "sex" INTEGER NOT NULL DEFAULT 0,
    "birthday" DATE,
    "birth_province" TEXT,
    "birth_country" TEXT,
    "passport" TEXT,
    "second_passport" TEXT,
    "submit_grade" INTEGER,
    "only_child" BOOLEAN,
    "home_address" TEXT,
    "province" TEXT,
    "country" TEXT,
    "zip" TEXT,
    "phone" TEXT,
    "tel" TEXT,
    "email" TEXT,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "archive_bios_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "archive_educations" (
    "id" SERIAL NOT NULL,
    "archive_id" INTEGER NOT NULL,
    "sort" INTEGER NOT NULL DEFAULT 0,
    "school" TEXT,
    "address" TEXT,
    "type" INTEGER,
    "exam_type" INTEGER,
    "score_rule" TEXT,
    "principal_name" TEXT,
    "zip" TEXT,
    "province" TEXT,
    "country" TEXT,
    "tel" TEXT,
    "begin_date" DATE,
    "end_date" DATE,
    "email" TEXT,
    "discipline_remark" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "archive_educations_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "archive_families" (
    "id" SERIAL NOT NULL,
    "archive_id" INTEGER NOT NULL,
    "marital_status" INTEGER,
    "lives_with" TEXT,
    "home_language" TEXT,
    "sibling_count" INTEGER,
    "financial_note" TEXT,
    "remark" TEXT,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "archive_families_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "archive_family_members" (
    "id" SERIAL NOT NULL,
    "archive_id" INTEGER NOT NULL,
    "kind" INTEGER NOT NULL,
    "sort" INTEGER NOT NULL DEFAULT 0,
    "name" TEXT,
    "name_en" TEXT,
    "relation" INTEGER,
    "birthday" DATE,
    "phone" TEXT,
    "email" TEXT,
    "company" TEXT,
    "title" TEXT,
    "company_phone" TEXT,
    "company_address" TEXT,
    "education" TEXT,
    "schools" TEXT,
    "cities" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "archive_family_members_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "archive_reward_projects" (
    "id" SERIAL NOT NULL,
    "archive_id" INTEGER NOT NULL,
    "sort" INTEGER NOT NULL DEFAULT 0,
    "name" TEXT NOT NULL,
    "description" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "archive_reward_projects_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "archive_awards" (
    "id" SERIAL NOT NULL,
    "archive_id" INTEGER NOT NULL,
    "sort" INTEGER NOT NULL DEFAULT 0,
    "perform_name" TEXT,
    "begin_date" DATE,
    "end_date" DATE,
    "category_id" INTEGER,
    "certificate_level" INTEGER,
    "certificate_name" TEXT,
    "project_id" INTEGER,
    "rank" TEXT,
    "week_hours" DOUBLE PRECISION,
    "year_month" TEXT,
    "level_of_involvement" TEXT,
    "leader_positions" TEXT,
    "desc" TEXT,
    "score" DOUBLE PRECISION,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "archive_awards_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "archive_exams" (
    "id" SERIAL NOT NULL,
    "archive_id" INTEGER NOT NULL,
    "kind" INTEGER NOT NULL,
    "sort" INTEGER NOT NULL DEFAULT 0,
    "exam_name" TEXT,
    "exam_date" DATE,
    "interview_type" INTEGER,
    "listening" DOUBLE PRECISION,
    "reading" DOUBLE PRECISION,
    "speaking" DOUBLE PRECISION,
    "writing" DOUBLE PRECISION,
    "language_form" DOUBLE PRECISION,
    "verbal" DOUBLE PRECISION,
    "quantitative" DOUBLE PRECISION,
    "total" DOUBLE PRECISION,
    "percentile" DOUBLE PRECISION,
    "prep_type" INTEGER,
    "note" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "archive_exams_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "archive_application_accounts" (
    "id" SERIAL NOT NULL,
    "archive_id" INTEGER NOT NULL,
    "sort" INTEGER NOT NULL DEFAULT 0,
    "platform" INTEGER,
    "url" TEXT,
    "account" TEXT,
    "password" TEXT,
    "email" TEXT,
    "note" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "archive_application_accounts_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "archive_cards" (
    "id" SERIAL NOT NULL,
    "archive_id" INTEGER NOT NULL,
    "sort" INTEGER NOT NULL DEFAULT 0,
    "holder_name" TEXT,
    "brand" TEXT,
    "last4" TEXT,
    "expiry" TEXT,
    "billing_address" TEXT,
    "note" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "archive_cards_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "archive_recommenders" (
    "id" SERIAL NOT NULL,
    "archive_id" INTEGER NOT NULL,
    "sort" INTEGER NOT NULL DEFAULT 0,
    "type" INTEGER NOT NULL,
    "name" TEXT,
    "title" TEXT,
    "school" TEXT,
    "email" TEXT,
    "phone" TEXT,
    "account" TEXT,
    "note" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "archive_recommenders_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "archive_multimedia" (
    "id" SERIAL NOT NULL,
    "archive_id" INTEGER NOT NULL,
    "sort" INTEGER NOT NULL DEFAULT 0,
    "title" TEXT,
    "media_type" INTEGER,
    "url" TEXT,
    "recorded_on" DATE,
    "description" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "archive_multimedia_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "archive_relatives" (
    "id" SERIAL NOT NULL,
    "archive_id" INTEGER NOT NULL,
    "sort" INTEGER NOT NULL DEFAULT 0,
    "name" TEXT,
    "relation" TEXT,
    "school_name" TEXT,
    "graduation_year" INTEGER,
    "note" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "archive_relatives_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "archive_essays" (
    "id" SERIAL NOT NULL,
    "archive_id" INTEGER NOT NULL,
    "sort" INTEGER NOT NULL DEFAULT 0,
    "school_name" TEXT,
    "topic" TEXT,
    "word_limit" INTEGER,
    "status" INTEGER NOT NULL DEFAULT 1,
    "due_date" DATE,
    "tutor" TEXT,
    "note" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "archive_essays_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "archive_surveys" (
    "id" SERIAL NOT NULL,
    "archive_id" INTEGER NOT NULL,
    "interests" TEXT,
    "strengths" TEXT,
    "personality" TEXT,
    "target_region" INTEGER,
    "preferred_school_size" INTEGER,
    "boarding" INTEGER,
    "coed" INTEGER,
    "budget" INTEGER,
    "goals" TEXT,
    "remark" TEXT,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "archive_surveys_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "archive_apply_information" (
    "id" SERIAL NOT NULL,
    "archive_id" INTEGER NOT NULL,
    "sort" INTEGER NOT NULL DEFAULT 0,
    "entry_year" INTEGER,
    "target_grade" INTEGER,
    "country" INTEGER,
    "school_type" INTEGER,
    "platform" INTEGER,
    "deadline" DATE,
    "note" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "archive_apply_information_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "archive_others" (
    "id" SERIAL NOT NULL,
    "archive_id" INTEGER NOT NULL,
    "sort" INTEGER NOT NULL DEFAULT 0,
    "category" TEXT,
    "title" TEXT,
    "content" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "archive_others_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "archive_writings" (
    "id" SERIAL NOT NULL,
    "archive_id" INTEGER NOT NULL,
    "sort" INTEGER NOT NULL DEFAULT 0,
    "title" TEXT,
    "kind" INTEGER,
    "content" TEXT,
    "word_count" INTEGER,
    "written_on" DATE,
    "note" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "archive_writings_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "archive_files" (
    "id" SERIAL NOT NULL,
    "archive_id" INTEGER NOT NULL,
    "kind" INTEGER NOT NULL,
    "object_id" INTEGER NOT NULL,
    "sort" INTEGER NOT NULL DEFAULT 0,
    "file_name" TEXT NOT NULL,
    "storage_key" TEXT NOT NULL,
    "mime_type" TEXT NOT NULL,
    "size" INTEGER NOT NULL,
    "uploaded_by_id" INTEGER,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "archive_files_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "archive_access_logs" (
    "id" BIGSERIAL NOT NULL,
    "archive_id" INTEGER NOT NULL,
    "user_id" INTEGER NOT NULL,
    "account" TEXT NOT NULL,
    "section" TEXT NOT NULL,
    "fields" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "door" TEXT NOT NULL,
    "address" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "archive_access_logs_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "archive_examines" (
    "id" SERIAL NOT NULL,
    "archive_id" INTEGER NOT NULL,
    "number" TEXT NOT NULL,
    "title" TEXT NOT NULL,
    "content" TEXT,
    "status" INTEGER NOT NULL DEFAULT 0,
    "verifier_id" INTEGER,
    "verified_at" TIMESTAMPTZ(3),
    "note" TEXT,
    "created_by_id" INTEGER,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "archive_examines_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "archive_examine_modules" (
    "id" SERIAL NOT NULL,
    "examine_id" INTEGER NOT NULL,
    "module_id" INTEGER NOT NULL,
    "status" INTEGER NOT NULL DEFAULT 0,
    "verifier_id" INTEGER,
    "verified_at" TIMESTAMPTZ(3),
    "note" TEXT,

    CONSTRAINT "archive_examine_modules_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "archive_examine_records" (
    "id" SERIAL NOT NULL,
    "examine_id" INTEGER NOT NULL,
    "examine_module_id" INTEGER,
    "action" INTEGER NOT NULL,
    "status" INTEGER NOT NULL,
    "verifier_id" INTEGER,
    "note" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "archive_examine_records_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "archives_student_id_key" ON "archives"("student_id");

-- CreateIndex
CREATE INDEX "archives_status_deleted_at_idx" ON "archives"("status", "deleted_at");

-- CreateIndex
CREATE INDEX "archives_consultant_id_idx" ON "archives"("consultant_id");

-- CreateIndex
CREATE INDEX "archives_acting_consultant_id_idx" ON "archives"("acting_consultant_id");

-- CreateIndex
CREATE INDEX "archives_sales_id_idx" ON "archives"("sales_id");

-- CreateIndex
CREATE INDEX "archives_year_grade_idx" ON "archives"("year", "grade");

-- CreateIndex
CREATE UNIQUE INDEX "archive_bios_archive_id_key" ON "archive_bios"("archive_id");

-- CreateIndex
CREATE INDEX "archive_educations_archive_id_sort_idx" ON "archive_educations"("archive_id", "sort");

-- CreateIndex
CREATE UNIQUE INDEX "archive_families_archive_id_key" ON "archive_families"("archive_id");

-- CreateIndex
CREATE INDEX "archive_family_members_archive_id_kind_sort_idx" ON "archive_family_members"("archive_id", "kind", "sort");

-- CreateIndex
CREATE INDEX "archive_reward_projects_archive_id_sort_idx" ON "archive_reward_projects"("archive_id", "sort");

-- CreateIndex
CREATE INDEX "archive_awards_archive_id_sort_idx" ON "archive_awards"("archive_id", "sort");

-- CreateIndex
CREATE INDEX "archive_exams_archive_id_kind_sort_idx" ON "archive_exams"("archive_id", "kind", "sort");

-- CreateIndex
CREATE INDEX "archive_application_accounts_archive_id_sort_idx" ON "archive_application_accounts"("archive_id", "sort");

-- CreateIndex
CREATE INDEX "archive_cards_archive_id_sort_idx" ON "archive_cards"("archive_id", "sort");

-- CreateIndex
CREATE INDEX "archive_recommenders_archive_id_sort_idx" ON "archive_recommenders"("archive_id", "sort");

-- CreateIndex
CREATE INDEX "archive_multimedia_archive_id_sort_idx" ON "archive_multimedia"("archive_id", "sort");

-- CreateIndex
CREATE INDEX "archive_relatives_archive_id_sort_idx" ON "archive_relatives"("archive_id", "sort");

-- CreateIndex
CREATE INDEX "archive_essays_archive_id_sort_idx" ON "archive_essays"("archive_id", "sort");

-- CreateIndex
CREATE UNIQUE INDEX "archive_surveys_archive_id_key" ON "archive_surveys"("archive_id");

-- CreateIndex
CREATE INDEX "archive_apply_information_archive_id_sort_idx" ON "archive_apply_information"("archive_id", "sort");

-- CreateIndex
CREATE INDEX "archive_others_archive_id_sort_idx" ON "archive_others"("archive_id", "sort");

-- CreateIndex
CREATE INDEX "archive_writings_archive_id_sort_idx" ON "archive_writings"("archive_id", "sort");

-- CreateIndex
CREATE UNIQUE INDEX "archive_files_storage_key_key" ON "archive_files"("storage_key");

-- CreateIndex
CREATE INDEX "archive_files_archive_id_kind_object_id_idx" ON "archive_files"("archive_id", "kind", "object_id");

-- CreateIndex
CREATE INDEX "archive_access_logs_archive_id_created_at_idx" ON "archive_access_logs"("archive_id", "created_at");

-- CreateIndex
CREATE INDEX "archive_access_logs_user_id_created_at_idx" ON "archive_access_logs"("user_id", "created_at");

-- CreateIndex
CREATE UNIQUE INDEX "archive_examines_number_key" ON "archive_examines"("number");

-- CreateIndex
CREATE INDEX "archive_examines_archive_id_idx" ON "archive_examines"("archive_id");

-- CreateIndex
CREATE INDEX "archive_examines_status_idx" ON "archive_examines"("status");

-- CreateIndex
CREATE UNIQUE INDEX "archive_examine_modules_examine_id_module_id_key" ON "archive_examine_modules"("examine_id", "module_id");

-- CreateIndex
CREATE INDEX "archive_examine_records_examine_id_created_at_idx" ON "archive_examine_records"("examine_id", "created_at");

-- AddForeignKey
ALTER TABLE "archives" ADD CONSTRAINT "archives_student_id_fkey" FOREIGN KEY ("student_id") REFERENCES "users"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "archives" ADD CONSTRAINT "archives_consultant_id_fkey" FOREIGN KEY ("consultant_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "archives" ADD CONSTRAINT "archives_acting_consultant_id_fkey" FOREIGN KEY ("acting_consultant_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "archives" ADD CONSTRAINT "archives_sales_id_fkey" FOREIGN KEY ("sales_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "archives" ADD CONSTRAINT "archives_parent_id_fkey" FOREIGN KEY ("parent_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "archives" ADD CONSTRAINT "archives_created_by_id_fkey" FOREIGN KEY ("created_by_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "archive_bios" ADD CONSTRAINT "archive_bios_archive_id_fkey" FOREIGN KEY ("archive_id") REFERENCES "archives"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "archive_educations" ADD CONSTRAINT "archive_educations_archive_id_fkey" FOREIGN KEY ("archive_id") REFERENCES "archives"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "archive_families" ADD CONSTRAINT "archive_families_archive_id_fkey" FOREIGN KEY ("archive_id") REFERENCES "archives"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "archive_family_members" ADD CONSTRAINT "archive_family_members_archive_id_fkey" FOREIGN KEY ("archive_id") REFERENCES "archives"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "archive_reward_projects" ADD CONSTRAINT "archive_reward_projects_archive_id_fkey" FOREIGN KEY ("archive_id") REFERENCES "archives"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "archive_awards" ADD CONSTRAINT "archive_awards_archive_id_fkey" FOREIGN KEY ("archive_id") REFERENCES "archives"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "archive_awards" ADD CONSTRAINT "archive_awards_project_id_fkey" FOREIGN KEY ("project_id") REFERENCES "archive_reward_projects"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "archive_exams" ADD CONSTRAINT "archive_exams_archive_id_fkey" FOREIGN KEY ("archive_id") REFERENCES "archives"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "archive_application_accounts" ADD CONSTRAINT "archive_application_accounts_archive_id_fkey" FOREIGN KEY ("archive_id") REFERENCES "archives"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "archive_cards" ADD CONSTRAINT "archive_cards_archive_id_fkey" FOREIGN KEY ("archive_id") REFERENCES "archives"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "archive_recommenders" ADD CONSTRAINT "archive_recommenders_archive_id_fkey" FOREIGN KEY ("archive_id") REFERENCES "archives"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "archive_multimedia" ADD CONSTRAINT "archive_multimedia_archive_id_fkey" FOREIGN KEY ("archive_id") REFERENCES "archives"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "archive_relatives" ADD CONSTRAINT "archive_relatives_archive_id_fkey" FOREIGN KEY ("archive_id") REFERENCES "archives"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "archive_essays" ADD CONSTRAINT "archive_essays_archive_id_fkey" FOREIGN KEY ("archive_id") REFERENCES "archives"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "archive_surveys" ADD CONSTRAINT "archive_surveys_archive_id_fkey" FOREIGN KEY ("archive_id") REFERENCES "archives"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "archive_apply_information" ADD CONSTRAINT "archive_apply_information_archive_id_fkey" FOREIGN KEY ("archive_id") REFERENCES "archives"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "archive_others" ADD CONSTRAINT "archive_others_archive_id_fkey" FOREIGN KEY ("archive_id") REFERENCES "archives"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "archive_writings" ADD CONSTRAINT "archive_writings_archive_id_fkey" FOREIGN KEY ("archive_id") REFERENCES "archives"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "archive_files" ADD CONSTRAINT "archive_files_archive_id_fkey" FOREIGN KEY ("archive_id") REFERENCES "archives"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "archive_files" ADD CONSTRAINT "archive_files_uploaded_by_id_fkey" FOREIGN KEY ("uploaded_by_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "archive_examines" ADD CONSTRAINT "archive_examines_archive_id_fkey" FOREIGN KEY ("archive_id") REFERENCES "archives"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "archive_examines" ADD CONSTRAINT "archive_examines_verifier_id_fkey" FOREIGN KEY ("verifier_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "archive_examines" ADD CONSTRAINT "archive_examines_created_by_id_fkey" FOREIGN KEY ("created_by_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "archive_examine_modules" ADD CONSTRAINT "archive_examine_modules_examine_id_fkey" FOREIGN KEY ("examine_id") REFERENCES "archive_examines"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "archive_examine_modules" ADD CONSTRAINT "archive_examine_modules_module_id_fkey" FOREIGN KEY ("module_id") REFERENCES "archive_modules"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "archive_examine_modules" ADD CONSTRAINT "archive_examine_modules_verifier_id_fkey" FOREIGN KEY ("verifier_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "archive_examine_records" ADD CONSTRAINT "archive_examine_records_examine_id_fkey" FOREIGN KEY ("examine_id") REFERENCES "archive_examines"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "archive_examine_records" ADD CONSTRAINT "archive_examine_records_examine_module_id_fkey" FOREIGN KEY ("examine_module_id") REFERENCES "archive_examine_modules"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "archive_examine_records" ADD CONSTRAINT "archive_examine_records_verifier_id_fkey" FOREIGN KEY ("verifier_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;
