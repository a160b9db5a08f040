// The return-path rule lives in the domain package: the server's LINE login applies it too (issue 41).
export { isPageOrBelow, MAX_RETURN_PATH_LENGTH, sameOriginPath } from '@shop/domain';
