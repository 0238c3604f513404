-- CreateTable
CREATE TABLE "skill_stacks" (
    "id" SERIAL NOT NULL,
    "name" TEXT NOT NULL,

    CONSTRAINT "skill_stacks_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "work_tasks" (
    "id" SERIAL NOT NULL,
    "title" VARCHAR(200) NOT NULL,
    "content" TEXT NOT NULL DEFAULT '',
    "priority" INTEGER NOT NULL DEFAULT 3,
    "state" INTEGER NOT NULL DEFAULT 1,
    "task_type" INTEGER NOT NULL DEFAULT 1,
    "task_source" INTEGER NOT NULL DEFAULT 2,
    "project_id" INTEGER NOT NULL,
    "skill_stack_id" INTEGER,
    "assigner_id" INTEGER NOT NULL,
    "executor_id" INTEGER,
    "progress" INTEGER NOT NULL DEFAULT 0,
    "feedback" TEXT,
    "feedback_log" TEXT,
    "completed_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "work_tasks_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "task_additions" (
    "id" SERIAL NOT NULL,
    "task_id" INTEGER NOT NULL,
    "content" TEXT NOT NULL,
    "user_id" INTEGER NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "task_additions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "task_logs" (
    "id" SERIAL NOT NULL,
    "task_id" INTEGER NOT NULL,
    "log_note" TEXT NOT NULL,
    "user_id" INTEGER NOT NULL,
    "assigner_name" TEXT,
    "executor_name" TEXT,
    "report_daily" TEXT,
    "complaint" BOOLEAN NOT NULL DEFAULT false,
    "log_time" TIMESTAMPTZ(3) NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "task_logs_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "task_daily_reports" (
    "id" SERIAL NOT NULL,
    "task_id" INTEGER NOT NULL,
    "user_id" INTEGER NOT NULL,
    "work_date" DATE NOT NULL,
    "content" TEXT NOT NULL,
    "log_id" INTEGER NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "task_daily_reports_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "task_complaints" (
    "id" SERIAL NOT NULL,
    "task_id" INTEGER NOT NULL,
    "complainant_id" INTEGER NOT NULL,
    "executor_id" INTEGER NOT NULL,
    "log_id" INTEGER NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "task_complaints_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "schedule_entries" (
    "id" SERIAL NOT NULL,
    "work_date" DATE NOT NULL,
    "employee_id" INTEGER NOT NULL,
    "created_by_id" INTEGER NOT NULL,
    "schedule_type" INTEGER NOT NULL DEFAULT 1,
    "project_id" INTEGER,
    "begin_at" TIMESTAMPTZ(3) NOT NULL,
    "end_at" TIMESTAMPTZ(3) NOT NULL,
    "work_hours" DECIMAL(5,2) NOT NULL,
    "content" TEXT NOT NULL DEFAULT '',
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "schedule_entries_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "schedule_entry_tasks" (
    "entry_id" INTEGER NOT NULL,
    "task_id" INTEGER NOT NULL,

    CONSTRAINT "schedule_entry_tasks_pkey" PRIMARY KEY ("entry_id","task_id")
);

-- CreateTable
CREATE TABLE "event_series" (
    "id" SERIAL NOT NULL,
    "rrule" TEXT NOT NULL,
    "time_zone" TEXT NOT NULL,
    "dtstart" TIMESTAMPTZ(3) NOT NULL,
    "duration_min" INTEGER NOT NULL,
    "exdates" TIMESTAMPTZ(3)[],
    "creator_id" INTEGER NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "event_series_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "work_events" (
    "id" SERIAL NOT NULL,
    "title" VARCHAR(200) NOT NULL,
    "content" TEXT NOT NULL DEFAULT '',
    "address" VARCHAR(500) NOT NULL DEFAULT '',
    "start_at" TIMESTAMPTZ(3) NOT NULL,
    "end_at" TIMESTAMPTZ(3) NOT NULL,
    "all_day" BOOLEAN NOT NULL DEFAULT false,
    "is_open" BOOLEAN NOT NULL DEFAULT false,
    "type" INTEGER NOT NULL DEFAULT 1,
    "published" BOOLEAN NOT NULL DEFAULT false,
    "confirmed" BOOLEAN NOT NULL DEFAULT false,
    "time_zone" TEXT NOT NULL,
    "project_id" INTEGER,
    "place_id" INTEGER,
    "series_id" INTEGER,
    "original_start" TIMESTAMPTZ(3),
    "is_exception" BOOLEAN NOT NULL DEFAULT false,
    "creator_id" INTEGER NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "work_events_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "event_participants" (
    "event_id" INTEGER NOT NULL,
    "user_id" INTEGER NOT NULL,
    "start_at" TIMESTAMPTZ(3) NOT NULL,
    "end_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "event_participants_pkey" PRIMARY KEY ("event_id","user_id")
);

-- CreateIndex
CREATE INDEX "work_tasks_assigner_id_state_idx" ON "work_tasks"("assigner_id", "state");

-- CreateIndex
CREATE INDEX "work_tasks_executor_id_state_idx" ON "work_tasks"("executor_id", "state");

-- CreateIndex
CREATE INDEX "work_tasks_project_id_state_idx" ON "work_tasks"("project_id", "state");

-- CreateIndex
CREATE INDEX "work_tasks_created_at_idx" ON "work_tasks"("created_at");

-- CreateIndex
CREATE INDEX "task_additions_task_id_created_at_idx" ON "task_additions"("task_id", "created_at");

-- CreateIndex
CREATE INDEX "task_logs_task_id_log_time_idx" ON "task_logs"("task_id", "log_time");

-- CreateIndex
CREATE UNIQUE INDEX "task_daily_reports_log_id_key" ON "task_daily_reports"("log_id");

-- CreateIndex
CREATE INDEX "task_daily_reports_task_id_work_date_idx" ON "task_daily_reports"("task_id", "work_date");

-- CreateIndex
CREATE INDEX "task_daily_reports_user_id_work_date_idx" ON "task_daily_reports"("user_id", "work_date");

-- CreateIndex
CREATE UNIQUE INDEX "task_complaints_log_id_key" ON "task_complaints"("log_id");

-- CreateIndex
CREATE INDEX "task_complaints_executor_id_created_at_idx" ON "task_complaints"("executor_id", "created_at");

-- CreateIndex
CREATE INDEX "schedule_entries_employee_id_work_date_idx" ON "schedule_entries"("employee_id", "work_date");

-- CreateIndex
CREATE INDEX "schedule_entries_project_id_work_date_idx" ON "schedule_entries"("project_id", "work_date");

-- CreateIndex
CREATE INDEX "schedule_entries_work_date_idx" ON "schedule_entries"("work_date");

-- CreateIndex
CREATE INDEX "schedule_entry_tasks_task_id_idx" ON "schedule_entry_tasks"("task_id");

-- CreateIndex
CREATE INDEX "work_events_start_at_idx" ON "work_events"("start_at");

-- CreateIndex
CREATE INDEX "work_events_creator_id_start_at_idx" ON "work_events"("creator_id", "start_at");

-- CreateIndex
CREATE INDEX "work_events_place_id_start_at_idx" ON "work_events"("place_id", "start_at");

-- CreateIndex
CREATE INDEX "work_events_project_id_start_at_idx" ON "work_events"("project_id", "start_at");

-- CreateIndex
CREATE UNIQUE INDEX "work_events_series_id_original_start_key" ON "work_events"("series_id", "original_start");

-- CreateIndex
CREATE INDEX "event_participants_user_id_start_at_end_at_idx" ON "event_participants"("user_id", "start_at", "end_at");

-- AddForeignKey
ALTER TABLE "work_tasks" ADD CONSTRAINT "work_tasks_project_id_fkey" FOREIGN KEY ("project_id") REFERENCES "projects"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "work_tasks" ADD CONSTRAINT "work_tasks_skill_stack_id_fkey" FOREIGN KEY ("skill_stack_id") REFERENCES "skill_stacks"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "work_tasks" ADD CONSTRAINT "work_tasks_assigner_id_fkey" FOREIGN KEY ("assigner_id") REFERENCES "users"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "work_tasks" ADD CONSTRAINT "work_tasks_executor_id_fkey" FOREIGN KEY ("executor_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "task_additions" ADD CONSTRAINT "task_additions_task_id_fkey" FOREIGN KEY ("task_id") REFERENCES "work_tasks"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "task_additions" ADD CONSTRAINT "task_additions_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "task_logs" ADD CONSTRAINT "task_logs_task_id_fkey" FOREIGN KEY ("task_id") REFERENCES "work_tasks"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "task_logs" ADD CONSTRAINT "task_logs_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "task_daily_reports" ADD CONSTRAINT "task_daily_reports_task_id_fkey" FOREIGN KEY ("task_id") REFERENCES "work_tasks"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "task_daily_reports" ADD CONSTRAINT "task_daily_reports_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "task_daily_reports" ADD CONSTRAINT "task_daily_reports_log_id_fkey" FOREIGN KEY ("log_id") REFERENCES "task_logs"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "task_complaints" ADD CONSTRAINT "task_complaints_task_id_fkey" FOREIGN KEY ("task_id") REFERENCES "work_tasks"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "task_complaints" ADD CONSTRAINT "task_complaints_complainant_id_fkey" FOREIGN KEY ("complainant_id") REFERENCES "users"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "task_complaints" ADD CONSTRAINT "task_complaints_executor_id_fkey" FOREIGN KEY ("executor_id") REFERENCES "users"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "task_complaints" ADD CONSTRAINT "task_complaints_log_id_fkey" FOREIGN KEY ("log_id") REFERENCES "task_logs"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "schedule_entries" ADD CONSTRAINT "schedule_entries_employee_id_fkey" FOREIGN KEY ("employee_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "schedule_entries" ADD CONSTRAINT "schedule_entries_created_by_id_fkey" FOREIGN KEY ("created_by_id") REFERENCES "users"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "schedule_entries" ADD CONSTRAINT "schedule_entries_project_id_fkey" FOREIGN KEY ("project_id") REFERENCES "projects"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "schedule_entry_tasks" ADD CONSTRAINT "schedule_entry_tasks_entry_id_fkey" FOREIGN KEY ("entry_id") REFERENCES "schedule_entries"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "schedule_entry_tasks" ADD CONSTRAINT "schedule_entry_tasks_task_id_fkey" FOREIGN KEY ("task_id") REFERENCES "work_tasks"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "event_series" ADD CONSTRAINT "event_series_creator_id_fkey" FOREIGN KEY ("creator_id") REFERENCES "users"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "work_events" ADD CONSTRAINT "work_events_project_id_fkey" FOREIGN KEY ("project_id") REFERENCES "projects"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "work_events" ADD CONSTRAINT "work_events_series_id_fkey" FOREIGN KEY ("series_id") REFERENCES "event_series"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "work_events" ADD CONSTRAINT "work_events_creator_id_fkey" FOREIGN KEY ("creator_id") REFERENCES "users"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "event_participants" ADD CONSTRAINT "event_participants_event_id_fkey" FOREIGN KEY ("event_id") REFERENCES "work_events"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "event_participants" ADD CONSTRAINT "event_participants_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;
