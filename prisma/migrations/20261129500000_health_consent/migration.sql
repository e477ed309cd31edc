-- Camp registrations record the explicit consent to the processing of health data (Art. 9(2)(a)
-- GDPR) apart from the privacy notice. Rows written before it was asked keep false: nobody gave it.
ALTER TABLE "DexamRegistration" ADD COLUMN "healthConsentAccepted" BOOLEAN NOT NULL DEFAULT false;
