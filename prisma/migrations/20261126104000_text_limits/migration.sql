-- Every stored text gets its maximum length (server/src/shared/validation.ts TEXT_LIMITS, the same
-- numbers as the validation): before, remarks or names of 3,000,000 characters were stored and the
-- exports held cells beyond Excel's 32,767. A value stored before that is longer than its limit (only
-- possible through the unbounded /v1 and GraphQL inputs) is cut to the limit rather than failing the
-- migration.
-- AlterTable
ALTER TABLE "Association" ALTER COLUMN "name" SET DATA TYPE VARCHAR(100) USING left("name", 100),
ALTER COLUMN "invoiceEmail" SET DATA TYPE VARCHAR(254) USING left("invoiceEmail", 254);

-- AlterTable
ALTER TABLE "CompetitionRegistration" ALTER COLUMN "name" SET DATA TYPE VARCHAR(100) USING left("name", 100),
ALTER COLUMN "conductorName" SET DATA TYPE VARCHAR(100) USING left("conductorName", 100),
ALTER COLUMN "members" SET DATA TYPE VARCHAR(10000) USING left("members", 10000),
ALTER COLUMN "remarks" SET DATA TYPE VARCHAR(2000) USING left("remarks", 2000);

-- AlterTable
ALTER TABLE "DexamRegistration" ALTER COLUMN "firstname" SET DATA TYPE VARCHAR(100) USING left("firstname", 100),
ALTER COLUMN "lastname" SET DATA TYPE VARCHAR(100) USING left("lastname", 100),
ALTER COLUMN "partialResultDistrict" SET DATA TYPE VARCHAR(100) USING left("partialResultDistrict", 100),
ALTER COLUMN "partialResultLocation" SET DATA TYPE VARCHAR(100) USING left("partialResultLocation", 100),
ALTER COLUMN "remarks" SET DATA TYPE VARCHAR(2000) USING left("remarks", 2000);

-- AlterTable
ALTER TABLE "DistrictAssociation" ALTER COLUMN "name" SET DATA TYPE VARCHAR(100) USING left("name", 100),
ALTER COLUMN "iamRef" SET DATA TYPE VARCHAR(200) USING left("iamRef", 200),
ALTER COLUMN "gdprLink" SET DATA TYPE VARCHAR(2000) USING left("gdprLink", 2000),
ALTER COLUMN "impressLink" SET DATA TYPE VARCHAR(2000) USING left("impressLink", 2000);

-- AlterTable
ALTER TABLE "Event" ALTER COLUMN "name" SET DATA TYPE VARCHAR(100) USING left("name", 100),
ALTER COLUMN "description" SET DATA TYPE VARCHAR(10000) USING left("description", 10000),
ALTER COLUMN "address" SET DATA TYPE VARCHAR(1000) USING left("address", 1000),
ALTER COLUMN "cancellationConditions" SET DATA TYPE VARCHAR(10000) USING left("cancellationConditions", 10000),
ALTER COLUMN "privacyPolicy" SET DATA TYPE VARCHAR(10000) USING left("privacyPolicy", 10000);

-- AlterTable
ALTER TABLE "EventLocation" ALTER COLUMN "name" SET DATA TYPE VARCHAR(100) USING left("name", 100),
ALTER COLUMN "street" SET DATA TYPE VARCHAR(200) USING left("street", 200),
ALTER COLUMN "postcode" SET DATA TYPE VARCHAR(20) USING left("postcode", 20),
ALTER COLUMN "city" SET DATA TYPE VARCHAR(100) USING left("city", 100),
ALTER COLUMN "country" SET DATA TYPE VARCHAR(100) USING left("country", 100);

-- AlterTable
ALTER TABLE "User" ALTER COLUMN "firstname" SET DATA TYPE VARCHAR(100) USING left("firstname", 100),
ALTER COLUMN "lastname" SET DATA TYPE VARCHAR(100) USING left("lastname", 100),
ALTER COLUMN "email" SET DATA TYPE VARCHAR(254) USING left("email", 254),
ALTER COLUMN "phone" SET DATA TYPE VARCHAR(50) USING left("phone", 50),
ALTER COLUMN "street" SET DATA TYPE VARCHAR(200) USING left("street", 200),
ALTER COLUMN "postcode" SET DATA TYPE VARCHAR(20) USING left("postcode", 20),
ALTER COLUMN "city" SET DATA TYPE VARCHAR(100) USING left("city", 100),
ALTER COLUMN "country" SET DATA TYPE VARCHAR(100) USING left("country", 100);

