-- AlterTable
ALTER TABLE "task_logs" ADD COLUMN     "action" TEXT;

-- CreateIndex
CREATE INDEX "work_tasks_executor_id_completed_at_idx" ON "work_tasks"("executor_id", "completed_at");
