-- Issue 32 item 13: the permission screen names each archive module as the archive page names
-- its section, and the 新建档案 page and the create operation no longer share one name. Only
-- names still as first seeded are changed (an administrator may have renamed a module).
UPDATE "archive_modules" SET "name" = '学员信息' WHERE "code" = 'bio' AND "name" = '学生基本信息';
UPDATE "archive_modules" SET "name_en" = 'Overview' WHERE "code" = 'profile' AND "name_en" = 'Archive overview';
UPDATE "archive_modules" SET "name" = '家庭情况' WHERE "code" = 'family' AND "name" = '家庭信息';
UPDATE "archive_modules" SET "name_en" = 'Activities and awards' WHERE "code" = 'awards' AND "name_en" = 'Extracurricular awards';
UPDATE "archive_modules" SET "name_en" = 'Other exams' WHERE "code" = 'exams.various' AND "name_en" = 'Various exams';
UPDATE "archive_modules" SET "name" = '信用卡信息' WHERE "code" = 'accounts.card' AND "name" = '卡片信息';
UPDATE "archive_modules" SET "name_en" = 'Recommenders' WHERE "code" = 'accounts.recommender' AND "name_en" = 'Recommender accounts';
UPDATE "archive_modules" SET "name" = '多媒体', "name_en" = 'Multimedia' WHERE "code" = 'multimedia' AND "name" = '多媒体活动';
UPDATE "archive_modules" SET "name" = '校友亲属', "name_en" = 'Legacy relatives' WHERE "code" = 'relatives' AND "name" = '亲属信息（旧）';
UPDATE "archive_modules" SET "name" = '写作资料' WHERE "code" = 'writing.data' AND "name" = '文书资料';
UPDATE "archive_modules" SET "name" = '调查问卷' WHERE "code" = 'survey' AND "name" = '问卷调查';
UPDATE "rights" SET "title" = '创建档案' WHERE "key" = 'archive.create' AND "title" = '新建档案';
