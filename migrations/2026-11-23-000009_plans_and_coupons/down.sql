DROP TABLE coupons;
DROP TABLE plans;
