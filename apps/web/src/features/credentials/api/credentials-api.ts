import type { IndemnityInsurance, Qualification, QualificationDetailsInput } from '@therapy/contracts/credentials';
import {
  createQualification,
  deleteIndemnityInsurance,
  deleteQualification,
  deleteQualificationFile,
  getIndemnityInsurance,
  listQualifications,
  replaceQualificationFile,
  updateQualification,
  uploadIndemnityInsurance,
} from '@therapy/contracts/endpoints/credentials';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';

export const credentialKeys = {
  qualifications: ['credentials', 'qualifications'] as const,
  insurance: ['credentials', 'insurance'] as const,
};

/** Signed file URLs last 10 minutes: the lists are read again well before that. */
const URL_FRESH_MS = 5 * 60 * 1000;

export const qualificationsQuery = () =>
  queryOptions({
    queryKey: credentialKeys.qualifications,
    queryFn: async () => (await call(listQualifications)).data,
    staleTime: 60_000,
    refetchInterval: URL_FRESH_MS,
  });

export const insuranceQuery = () =>
  queryOptions({
    queryKey: credentialKeys.insurance,
    queryFn: async () => (await call(getIndemnityInsurance)).data,
    staleTime: 60_000,
    refetchInterval: URL_FRESH_MS,
  });

/** The details as multipart fields (only those of the chosen kind), then the files under `files`. */
function detailsForm(details: QualificationDetailsInput, files: readonly File[]): FormData {
  const form = new FormData();
  form.append('type', details.type);
  if (details.type === 'license') {
    form.append('body', details.body ?? '');
    form.append('credentialNumber', details.credentialNumber ?? '');
    form.append('stateIdentifier', (details.stateIdentifier as string | undefined) ?? '');
    form.append('expiresOn', (details.expiresOn as string | undefined) ?? '');
  } else {
    form.append('title', details.title ?? '');
  }
  for (const file of files) form.append('files', file, file.name);
  return form;
}

function useQualificationWrite<V>(write: (vars: V) => Promise<{ data: Qualification | undefined; message?: string }>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: () => client.invalidateQueries({ queryKey: credentialKeys.qualifications }),
  });
}

export const useCreateQualification = () =>
  useQualificationWrite(({ details, files }: { details: QualificationDetailsInput; files: readonly File[] }) =>
    call(createQualification, { body: detailsForm(details, files) }),
  );

export const useUpdateQualification = () =>
  useQualificationWrite(
    ({ id, details, files }: { id: string; details: QualificationDetailsInput; files: readonly File[] }) =>
      call(updateQualification, { params: { id }, body: detailsForm(details, files) }),
  );

export const useReplaceQualificationFile = () =>
  useQualificationWrite(({ id, fileId, file }: { id: string; fileId: string; file: File }) => {
    const form = new FormData();
    form.append('file', file, file.name);
    return call(replaceQualificationFile, { params: { id, fileId }, body: form });
  });

export const useDeleteQualificationFile = () =>
  useQualificationWrite(({ id, fileId }: { id: string; fileId: string }) =>
    call(deleteQualificationFile, { params: { id, fileId } }),
  );

export const useDeleteQualification = () =>
  useQualificationWrite(async ({ id }: { id: string }) => ({
    ...(await call(deleteQualification, { params: { id } })),
    data: undefined,
  }));

function useInsuranceWrite<V>(write: (vars: V) => Promise<{ data: IndemnityInsurance; message?: string }>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: (result) => client.setQueryData(credentialKeys.insurance, result.data),
  });
}

export const useUploadInsurance = () =>
  useInsuranceWrite(({ file, expiresOn }: { file: File; expiresOn?: string | undefined }) => {
    const form = new FormData();
    if (expiresOn) form.append('expiresOn', expiresOn);
    form.append('file', file, file.name);
    return call(uploadIndemnityInsurance, { body: form });
  });

export const useDeleteInsurance = () =>
  useInsuranceWrite(({ fileId }: { fileId: string }) => call(deleteIndemnityInsurance, { params: { fileId } }));
