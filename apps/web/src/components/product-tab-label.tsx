import { Text, VisuallyHidden } from '@mantine/core';

/**
 * A tab of SPEC.md's words ("Premium Plans") with the product it holds under it ("ISP"), so that no tab can be
 * taken for another product (issue #19); read out as "Premium Plans, ISP".
 */
export const ProductTabLabel = ({ title, product }: { title: string; product: string }) => (
  <>
    <Text component="span" display="block" size="sm" fw={600}>
      {title}
    </Text>
    <VisuallyHidden>, </VisuallyHidden>
    <Text component="span" display="block" size="xs" fw={400} lh={1.3}>
      {product}
    </Text>
  </>
);
