-- CreateTable
CREATE TABLE "schools" (
    "id" SERIAL NOT NULL,
    "abbreviation" TEXT,
    "name" TEXT NOT NULL,
    "chinese_name" TEXT,
    "url" TEXT,
    "sex" INTEGER NOT NULL DEFAULT 3,
    "founded_year" INTEGER,
    "motto" TEXT,
    "summary" TEXT,
    "day_grades" TEXT,
    "boarding_grades" TEXT,
    "grade_from" INTEGER,
    "grade_to" INTEGER,
    "student_count" INTEGER,
    "boarder_ratio" DOUBLE PRECISION,
    "overseas_ratio" DOUBLE PRECISION,
    "country" TEXT NOT NULL,
    "province" TEXT,
    "city" TEXT,
    "address" TEXT,
    "latitude" DOUBLE PRECISION,
    "longitude" DOUBLE PRECISION,
    "setting" INTEGER,
    "nearest_airport" TEXT,
    "airport_distance" DOUBLE PRECISION,
    "dress_code" INTEGER,
    "clubs" TEXT,
    "arts" TEXT,
    "dormitory" TEXT,
    "dining" TEXT,
    "weekend_activities" TEXT,
    "toefl_average" DOUBLE PRECISION,
    "ssat_average" DOUBLE PRECISION,
    "acceptance_rate" DOUBLE PRECISION,
    "interview_required" BOOLEAN,
    "application_fee" INTEGER,
    "tuition" INTEGER,
    "tuition_day" INTEGER,
    "currency" TEXT,
    "ap" BOOLEAN NOT NULL DEFAULT false,
    "ap_course_count" INTEGER,
    "honors_course_count" INTEGER,
    "course_count" INTEGER,
    "student_teacher_ratio" DOUBLE PRECISION,
    "average_class_size" DOUBLE PRECISION,
    "advanced_degree_ratio" DOUBLE PRECISION,
    "curriculum_note" TEXT,
    "fund" DOUBLE PRECISION,
    "land_acres" DOUBLE PRECISION,
    "library_volumes" INTEGER,
    "facilities" TEXT,
    "summer_program" TEXT,
    "remark" TEXT,
    "badge_key" TEXT,
    "badge_mime" TEXT,
    "badge_file_name" TEXT,
    "search_name" TEXT NOT NULL DEFAULT '',
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "schools_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "school_sports" (
    "id" SERIAL NOT NULL,
    "school_id" INTEGER NOT NULL,
    "gender" INTEGER NOT NULL,
    "season" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "sort" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "school_sports_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "school_platforms" (
    "id" SERIAL NOT NULL,
    "school_id" INTEGER NOT NULL,
    "platform" INTEGER NOT NULL,
    "url" TEXT,
    "note" TEXT,

    CONSTRAINT "school_platforms_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "school_deadlines" (
    "id" SERIAL NOT NULL,
    "school_id" INTEGER NOT NULL,
    "kind" INTEGER NOT NULL,
    "platform" INTEGER,
    "deadline" DATE NOT NULL,
    "note" TEXT,

    CONSTRAINT "school_deadlines_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "school_rankings" (
    "id" SERIAL NOT NULL,
    "school_id" INTEGER NOT NULL,
    "source" TEXT NOT NULL,
    "year" INTEGER NOT NULL,
    "rank" INTEGER NOT NULL,

    CONSTRAINT "school_rankings_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "selection_lists" (
    "id" SERIAL NOT NULL,
    "archive_id" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "note" TEXT,
    "created_by_id" INTEGER,
    "created_by_name" TEXT,
    "published_at" TIMESTAMPTZ(3),
    "published_by_id" INTEGER,
    "published_by_name" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "selection_lists_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "selection_entries" (
    "id" SERIAL NOT NULL,
    "list_id" INTEGER NOT NULL,
    "school_id" INTEGER NOT NULL,
    "sort" INTEGER NOT NULL DEFAULT 0,
    "gender_score" INTEGER NOT NULL,
    "grade_score" INTEGER NOT NULL,
    "region_score" INTEGER NOT NULL,
    "scale_score" INTEGER NOT NULL,
    "rank_score" INTEGER NOT NULL,
    "activity_score" INTEGER NOT NULL,
    "total_score" INTEGER NOT NULL,
    "explanation" JSONB NOT NULL,
    "note" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "selection_entries_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "applications" (
    "id" SERIAL NOT NULL,
    "archive_id" INTEGER NOT NULL,
    "student_id" INTEGER NOT NULL,
    "school_id" INTEGER NOT NULL,
    "year" INTEGER,
    "state" INTEGER NOT NULL DEFAULT 1,
    "reject_reason" TEXT,
    "student_doc_state" INTEGER NOT NULL DEFAULT 0,
    "interview_doc_state" INTEGER NOT NULL DEFAULT 0,
    "parent_doc_state" INTEGER NOT NULL DEFAULT 0,
    "recommend_doc_state" INTEGER NOT NULL DEFAULT 0,
    "replenish_doc_state" INTEGER NOT NULL DEFAULT 0,
    "interview" INTEGER NOT NULL DEFAULT 0,
    "interview_at" TIMESTAMPTZ(3),
    "inquiry" INTEGER NOT NULL DEFAULT 0,
    "third_interview" INTEGER NOT NULL DEFAULT 0,
    "submit_result" INTEGER NOT NULL DEFAULT 0,
    "board" INTEGER,
    "grade" INTEGER,
    "deadline" DATE,
    "platform" INTEGER,
    "order_num" INTEGER NOT NULL DEFAULT 0,
    "locked" BOOLEAN NOT NULL DEFAULT false,
    "locked_at" TIMESTAMPTZ(3),
    "locked_by_name" TEXT,
    "note" TEXT,
    "created_by_id" INTEGER,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "applications_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "application_logs" (
    "id" SERIAL NOT NULL,
    "application_id" INTEGER NOT NULL,
    "action" TEXT NOT NULL,
    "field" TEXT,
    "from_value" TEXT,
    "to_value" TEXT,
    "note" TEXT,
    "user_id" INTEGER,
    "user_name" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "application_logs_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "application_documents" (
    "id" SERIAL NOT NULL,
    "application_id" INTEGER NOT NULL,
    "type" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "state" INTEGER NOT NULL DEFAULT 0,
    "due_date" DATE,
    "note" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "application_documents_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "application_document_logs" (
    "id" SERIAL NOT NULL,
    "document_id" INTEGER NOT NULL,
    "from_state" INTEGER,
    "to_state" INTEGER NOT NULL,
    "note" TEXT,
    "user_id" INTEGER,
    "user_name" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "application_document_logs_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "sao_documents" (
    "id" SERIAL NOT NULL,
    "archive_id" INTEGER NOT NULL,
    "type" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "state" INTEGER NOT NULL DEFAULT 0,
    "note" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "sao_documents_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "sao_document_logs" (
    "id" SERIAL NOT NULL,
    "sao_document_id" INTEGER NOT NULL,
    "from_state" INTEGER,
    "to_state" INTEGER NOT NULL,
    "note" TEXT,
    "user_id" INTEGER,
    "user_name" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "sao_document_logs_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "progress_tracks" (
    "id" SERIAL NOT NULL,
    "application_id" INTEGER NOT NULL,
    "type" INTEGER NOT NULL,
    "day" DATE NOT NULL,
    "content" TEXT NOT NULL,
    "user_id" INTEGER,
    "user_name" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "progress_tracks_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "schools_country_province_idx" ON "schools"("country", "province");

-- CreateIndex
CREATE INDEX "schools_name_idx" ON "schools"("name");

-- CreateIndex
CREATE UNIQUE INDEX "school_sports_school_id_gender_season_name_key" ON "school_sports"("school_id", "gender", "season", "name");

-- CreateIndex
CREATE UNIQUE INDEX "school_platforms_school_id_platform_key" ON "school_platforms"("school_id", "platform");

-- CreateIndex
CREATE INDEX "school_deadlines_school_id_deadline_idx" ON "school_deadlines"("school_id", "deadline");

-- CreateIndex
CREATE INDEX "school_rankings_source_year_rank_idx" ON "school_rankings"("source", "year", "rank");

-- CreateIndex
CREATE UNIQUE INDEX "school_rankings_school_id_source_year_key" ON "school_rankings"("school_id", "source", "year");

-- CreateIndex
CREATE INDEX "selection_lists_archive_id_idx" ON "selection_lists"("archive_id");

-- CreateIndex
CREATE INDEX "selection_entries_school_id_idx" ON "selection_entries"("school_id");

-- CreateIndex
CREATE UNIQUE INDEX "selection_entries_list_id_school_id_key" ON "selection_entries"("list_id", "school_id");

-- CreateIndex
CREATE INDEX "applications_archive_id_order_num_idx" ON "applications"("archive_id", "order_num");

-- CreateIndex
CREATE INDEX "applications_student_id_idx" ON "applications"("student_id");

-- CreateIndex
CREATE INDEX "applications_school_id_idx" ON "applications"("school_id");

-- CreateIndex
CREATE INDEX "applications_state_idx" ON "applications"("state");

-- CreateIndex
CREATE INDEX "application_logs_application_id_created_at_idx" ON "application_logs"("application_id", "created_at");

-- CreateIndex
CREATE INDEX "application_documents_application_id_type_idx" ON "application_documents"("application_id", "type");

-- CreateIndex
CREATE INDEX "application_document_logs_document_id_created_at_idx" ON "application_document_logs"("document_id", "created_at");

-- CreateIndex
CREATE INDEX "sao_documents_archive_id_type_idx" ON "sao_documents"("archive_id", "type");

-- CreateIndex
CREATE INDEX "sao_document_logs_sao_document_id_created_at_idx" ON "sao_document_logs"("sao_document_id", "created_at");

-- CreateIndex
CREATE INDEX "progress_tracks_application_id_type_day_idx" ON "progress_tracks"("application_id", "type", "day");

-- AddForeignKey
ALTER TABLE "school_sports" ADD CONSTRAINT "school_sports_school_id_fkey" FOREIGN KEY ("school_id") REFERENCES "schools"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "school_platforms" ADD CONSTRAINT "school_platforms_school_id_fkey" FOREIGN KEY ("school_id") REFERENCES "schools"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "school_deadlines" ADD CONSTRAINT "school_deadlines_school_id_fkey" FOREIGN KEY ("school_id") REFERENCES "schools"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "school_rankings" ADD CONSTRAINT "school_rankings_school_id_fkey" FOREIGN KEY ("school_id") REFERENCES "schools"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "selection_lists" ADD CONSTRAINT "selection_lists_archive_id_fkey" FOREIGN KEY ("archive_id") REFERENCES "archives"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "selection_entries" ADD CONSTRAINT "selection_entries_list_id_fkey" FOREIGN KEY ("list_id") REFERENCES "selection_lists"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "selection_entries" ADD CONSTRAINT "selection_entries_school_id_fkey" FOREIGN KEY ("school_id") REFERENCES "schools"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "applications" ADD CONSTRAINT "applications_archive_id_fkey" FOREIGN KEY ("archive_id") REFERENCES "archives"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "applications" ADD CONSTRAINT "applications_student_id_fkey" FOREIGN KEY ("student_id") REFERENCES "users"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "applications" ADD CONSTRAINT "applications_school_id_fkey" FOREIGN KEY ("school_id") REFERENCES "schools"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "application_logs" ADD CONSTRAINT "application_logs_application_id_fkey" FOREIGN KEY ("application_id") REFERENCES "applications"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "application_documents" ADD CONSTRAINT "application_documents_application_id_fkey" FOREIGN KEY ("application_id") REFERENCES "applications"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "application_document_logs" ADD CONSTRAINT "application_document_logs_document_id_fkey" FOREIGN KEY ("document_id") REFERENCES "application_documents"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "sao_documents" ADD CONSTRAINT "sao_documents_archive_id_fkey" FOREIGN KEY ("archive_id") REFERENCES "archives"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "sao_document_logs" ADD CONSTRAINT "sao_document_logs_sao_document_id_fkey" FOREIGN KEY ("sao_document_id") REFERENCES "sao_documents"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "progress_tracks" ADD CONSTRAINT "progress_tracks_application_id_fkey" FOREIGN KEY ("application_id") REFERENCES "applications"("id") ON DELETE CASCADE ON UPDATE CASCADE;
