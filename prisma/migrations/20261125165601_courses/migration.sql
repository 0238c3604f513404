-- CreateTable
CREATE TABLE "classrooms" (
    "id" SERIAL NOT NULL,
    "no" VARCHAR(50) NOT NULL,
    "name" VARCHAR(100) NOT NULL,
    "state" INTEGER NOT NULL DEFAULT 1,
    "address" VARCHAR(500) NOT NULL DEFAULT '',
    "capacity" INTEGER,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "classrooms_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "courses" (
    "id" SERIAL NOT NULL,
    "no" VARCHAR(50) NOT NULL,
    "name" VARCHAR(200) NOT NULL,
    "type" INTEGER NOT NULL DEFAULT 1,
    "site" INTEGER NOT NULL DEFAULT 2,
    "place" VARCHAR(500) NOT NULL DEFAULT '',
    "classroom_id" INTEGER,
    "student_count" INTEGER NOT NULL DEFAULT 0,
    "parent_count" INTEGER NOT NULL DEFAULT 0,
    "teacher_count" INTEGER NOT NULL DEFAULT 0,
    "consultant_count" INTEGER NOT NULL DEFAULT 0,
    "duration_min" INTEGER NOT NULL DEFAULT 90,
    "total_number" INTEGER NOT NULL DEFAULT 0,
    "every_week_number" INTEGER NOT NULL DEFAULT 1,
    "lesson_hours" DECIMAL(6,1) NOT NULL DEFAULT 1,
    "before_work" TEXT NOT NULL DEFAULT '',
    "after_work" TEXT NOT NULL DEFAULT '',
    "project_id" INTEGER,
    "created_by_id" INTEGER,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "courses_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "course_lecturers" (
    "course_id" INTEGER NOT NULL,
    "user_id" INTEGER NOT NULL,

    CONSTRAINT "course_lecturers_pkey" PRIMARY KEY ("course_id","user_id")
);

-- CreateTable
CREATE TABLE "course_lessons" (
    "event_id" INTEGER NOT NULL,
    "course_id" INTEGER NOT NULL,
    "task_content" TEXT NOT NULL DEFAULT '',
    "task_due_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "course_lessons_pkey" PRIMARY KEY ("event_id")
);

-- CreateTable
CREATE TABLE "enrollments" (
    "id" SERIAL NOT NULL,
    "course_id" INTEGER NOT NULL,
    "student_id" INTEGER NOT NULL,
    "total_hours" DECIMAL(8,1) NOT NULL DEFAULT 0,
    "remaining_hours" DECIMAL(8,1) NOT NULL DEFAULT 0,
    "state" INTEGER NOT NULL DEFAULT 1,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "enrollments_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "course_hour_records" (
    "id" SERIAL NOT NULL,
    "enrollment_id" INTEGER NOT NULL,
    "kind" INTEGER NOT NULL,
    "change" DECIMAL(8,1) NOT NULL,
    "before" DECIMAL(8,1) NOT NULL,
    "after" DECIMAL(8,1) NOT NULL,
    "reason" VARCHAR(500) NOT NULL DEFAULT '',
    "lesson_id" INTEGER,
    "created_by_id" INTEGER,
    "created_by_name" TEXT NOT NULL DEFAULT '',
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "course_hour_records_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "lesson_attendances" (
    "id" SERIAL NOT NULL,
    "lesson_id" INTEGER NOT NULL,
    "enrollment_id" INTEGER NOT NULL,
    "state" INTEGER NOT NULL DEFAULT 0,
    "signed_at" TIMESTAMPTZ(3),
    "signed_by_id" INTEGER,
    "hours_spent" DECIMAL(6,1) NOT NULL DEFAULT 0,
    "leave_reason" VARCHAR(500) NOT NULL DEFAULT '',
    "leave_at" TIMESTAMPTZ(3),
    "feedback" TEXT NOT NULL DEFAULT '',
    "feedback_at" TIMESTAMPTZ(3),
    "feedback_by_id" INTEGER,
    "feedback_released_at" TIMESTAMPTZ(3),
    "browsed_at" TIMESTAMPTZ(3),
    "browse_count" INTEGER NOT NULL DEFAULT 0,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "lesson_attendances_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "homework" (
    "id" SERIAL NOT NULL,
    "attendance_id" INTEGER NOT NULL,
    "state" INTEGER NOT NULL DEFAULT 3,
    "due_at" TIMESTAMPTZ(3),
    "submitted_at" TIMESTAMPTZ(3),
    "comment" VARCHAR(2000) NOT NULL DEFAULT '',
    "reviewed_at" TIMESTAMPTZ(3),
    "reviewed_by_id" INTEGER,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "homework_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "course_files" (
    "id" SERIAL NOT NULL,
    "course_id" INTEGER NOT NULL,
    "kind" INTEGER NOT NULL,
    "lesson_id" INTEGER,
    "homework_id" INTEGER,
    "file_name" TEXT NOT NULL,
    "storage_key" TEXT NOT NULL,
    "mime_type" TEXT NOT NULL,
    "size" INTEGER NOT NULL,
    "uploaded_by_id" INTEGER,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "course_files_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "classrooms_no_key" ON "classrooms"("no");

-- CreateIndex
CREATE UNIQUE INDEX "courses_no_key" ON "courses"("no");

-- CreateIndex
CREATE INDEX "courses_type_site_idx" ON "courses"("type", "site");

-- CreateIndex
CREATE INDEX "course_lecturers_user_id_idx" ON "course_lecturers"("user_id");

-- CreateIndex
CREATE INDEX "course_lessons_course_id_idx" ON "course_lessons"("course_id");

-- CreateIndex
CREATE INDEX "enrollments_student_id_idx" ON "enrollments"("student_id");

-- CreateIndex
CREATE UNIQUE INDEX "enrollments_course_id_student_id_key" ON "enrollments"("course_id", "student_id");

-- CreateIndex
CREATE INDEX "course_hour_records_enrollment_id_created_at_idx" ON "course_hour_records"("enrollment_id", "created_at");

-- CreateIndex
CREATE INDEX "course_hour_records_created_at_idx" ON "course_hour_records"("created_at");

-- CreateIndex
CREATE INDEX "lesson_attendances_enrollment_id_idx" ON "lesson_attendances"("enrollment_id");

-- CreateIndex
CREATE UNIQUE INDEX "lesson_attendances_lesson_id_enrollment_id_key" ON "lesson_attendances"("lesson_id", "enrollment_id");

-- CreateIndex
CREATE UNIQUE INDEX "homework_attendance_id_key" ON "homework"("attendance_id");

-- CreateIndex
CREATE INDEX "homework_state_idx" ON "homework"("state");

-- CreateIndex
CREATE INDEX "course_files_course_id_kind_idx" ON "course_files"("course_id", "kind");

-- CreateIndex
CREATE INDEX "course_files_lesson_id_idx" ON "course_files"("lesson_id");

-- CreateIndex
CREATE INDEX "course_files_homework_id_idx" ON "course_files"("homework_id");

-- AddForeignKey
ALTER TABLE "courses" ADD CONSTRAINT "courses_classroom_id_fkey" FOREIGN KEY ("classroom_id") REFERENCES "classrooms"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "courses" ADD CONSTRAINT "courses_project_id_fkey" FOREIGN KEY ("project_id") REFERENCES "projects"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "courses" ADD CONSTRAINT "courses_created_by_id_fkey" FOREIGN KEY ("created_by_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "course_lecturers" ADD CONSTRAINT "course_lecturers_course_id_fkey" FOREIGN KEY ("course_id") REFERENCES "courses"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "course_lecturers" ADD CONSTRAINT "course_lecturers_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "course_lessons" ADD CONSTRAINT "course_lessons_event_id_fkey" FOREIGN KEY ("event_id") REFERENCES "work_events"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "course_lessons" ADD CONSTRAINT "course_lessons_course_id_fkey" FOREIGN KEY ("course_id") REFERENCES "courses"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "enrollments" ADD CONSTRAINT "enrollments_course_id_fkey" FOREIGN KEY ("course_id") REFERENCES "courses"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "enrollments" ADD CONSTRAINT "enrollments_student_id_fkey" FOREIGN KEY ("student_id") REFERENCES "users"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "course_hour_records" ADD CONSTRAINT "course_hour_records_enrollment_id_fkey" FOREIGN KEY ("enrollment_id") REFERENCES "enrollments"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "course_hour_records" ADD CONSTRAINT "course_hour_records_lesson_id_fkey" FOREIGN KEY ("lesson_id") REFERENCES "course_lessons"("event_id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "course_hour_records" ADD CONSTRAINT "course_hour_records_created_by_id_fkey" FOREIGN KEY ("created_by_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "lesson_attendances" ADD CONSTRAINT "lesson_attendances_lesson_id_fkey" FOREIGN KEY ("lesson_id") REFERENCES "course_lessons"("event_id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "lesson_attendances" ADD CONSTRAINT "lesson_attendances_enrollment_id_fkey" FOREIGN KEY ("enrollment_id") REFERENCES "enrollments"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "lesson_attendances" ADD CONSTRAINT "lesson_attendances_signed_by_id_fkey" FOREIGN KEY ("signed_by_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "lesson_attendances" ADD CONSTRAINT "lesson_attendances_feedback_by_id_fkey" FOREIGN KEY ("feedback_by_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "homework" ADD CONSTRAINT "homework_attendance_id_fkey" FOREIGN KEY ("attendance_id") REFERENCES "lesson_attendances"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "homework" ADD CONSTRAINT "homework_reviewed_by_id_fkey" FOREIGN KEY ("reviewed_by_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "course_files" ADD CONSTRAINT "course_files_course_id_fkey" FOREIGN KEY ("course_id") REFERENCES "courses"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "course_files" ADD CONSTRAINT "course_files_lesson_id_fkey" FOREIGN KEY ("lesson_id") REFERENCES "course_lessons"("event_id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "course_files" ADD CONSTRAINT "course_files_homework_id_fkey" FOREIGN KEY ("homework_id") REFERENCES "homework"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "course_files" ADD CONSTRAINT "course_files_uploaded_by_id_fkey" FOREIGN KEY ("uploaded_by_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- Hours never go below zero, whatever writes them (the service refuses first, naming the student).
ALTER TABLE "enrollments" ADD CONSTRAINT "enrollments_hours_check" CHECK ("remaining_hours" >= 0 AND "total_hours" >= 0);
ALTER TABLE "classrooms" ADD CONSTRAINT "classrooms_capacity_check" CHECK ("capacity" IS NULL OR "capacity" > 0);
