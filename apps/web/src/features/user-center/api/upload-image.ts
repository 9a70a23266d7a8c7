import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiPath } from '@portal/contracts/api-paths';
import type {
  Certification,
  CertPhotoKind,
  ProfileImageKind,
  UploadedImage,
} from '@portal/contracts/customer-info';
import { http } from '../../../lib/http/client';
import { certificationKey } from './get-certification';
import { currUserInfoKey } from '../../../lib/session/curr-user-info';

const PROFILE_UPLOAD_PATHS: Record<ProfileImageKind, string> = {
  logo: ApiPath.UploadLogo,
  avatar: ApiPath.UploadAvatar,
  qrCode: ApiPath.UploadQrCode,
};

function postImage<T>(path: string, file: File): Promise<T> {
  const form = new FormData();
  form.append('file', file, file.name);
  // The client's JSON default would serialise the form; this lets the browser write the boundary.
  return http.post<T>(path, form, { silent: true, headers: { 'Content-Type': 'multipart/form-data' } });
}

/** `POST /api/CustomerInfo/UploadLogo | UploadAvatar | UploadQrCode` (multipart `file`). */
export function useUploadProfileImage(kind: ProfileImageKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => postImage<UploadedImage>(PROFILE_UPLOAD_PATHS[kind], file),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: currUserInfoKey }),
  });
}

/** `POST /api/CustomerInfo/UploadCertPhoto?kind=` (multipart `file`): answers the certification. */
export function useUploadCertPhoto(kind: CertPhotoKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) =>
      postImage<Certification>(`${ApiPath.UploadCertPhoto}?kind=${encodeURIComponent(kind)}`, file),
    onSuccess: (certification) => queryClient.setQueryData(certificationKey, certification),
  });
}
